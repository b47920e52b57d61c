import { describe, expect, it } from "vitest";
import { devLoginEnabled } from "./dev-login";

describe("devLoginEnabled", () => {
  it("needs both the opt-in and a loopback host", () => {
    for (const url of ["http://localhost:8787/api/login", "http://127.0.0.1/api/login", "http://[::1]:3000/api/login"]) {
      expect(devLoginEnabled({ AUTH_DEV_LOGIN: "true" }, url), url).toBe(true);
      expect(devLoginEnabled({ AUTH_DEV_LOGIN: "false" }, url), url).toBe(false);
      expect(devLoginEnabled({}, url), url).toBe(false);
    }
  });

  it("is off on any other host, even with the opt-in", () => {
    for (const url of [
      "https://realmcast.example/api/login",
      "https://realmcast.workers.dev/api/login",
      "http://localhost.evil.example/api/login",
      "http://127.0.0.2/api/login",
      "http://10.0.0.5:8787/api/login",
    ]) {
      expect(devLoginEnabled({ AUTH_DEV_LOGIN: "true" }, url), url).toBe(false);
    }
  });
});
