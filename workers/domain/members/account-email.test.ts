import { describe, expect, it } from "vitest";
import { accountEmailFor } from "./account-email";

describe("accountEmailFor", () => {
  it("uses the provider's address only when the provider verified it", () => {
    expect(accountEmailFor({ provider: "discord", subject: "42", email: "Ada@Example.test", emailVerified: true })).toBe(
      "ada@example.test",
    );
    expect(accountEmailFor({ provider: "discord", subject: "42", email: "ada@example.test", emailVerified: false })).toBe(
      "discord-42@users.realmcast.gg",
    );
  });

  it("gives an identity without an address its own stand-in", () => {
    expect(accountEmailFor({ provider: "twitch", subject: "Abc", email: null, emailVerified: false })).toBe(
      "twitch-abc@users.realmcast.gg",
    );
    expect(accountEmailFor({ provider: "google", subject: "7", email: "  ", emailVerified: true })).toBe("google-7@users.realmcast.gg");
  });
});
