import { describe, expect, it } from "vitest";
import { DEFAULT_STUN_URLS, iceConfigFor, stunServers } from "./ice-servers";

// The relay's minting against the service's documented API is tested through the Worker (test/ice-servers.test.ts).
describe("ICE servers", () => {
  it("uses two public STUN servers unless STUN_URLS lists others", () => {
    expect(stunServers({})).toEqual([{ urls: DEFAULT_STUN_URLS }]);
    expect(stunServers({ STUN_URLS: " stun:a:1 , stun:b:2 " })).toEqual([{ urls: ["stun:a:1", "stun:b:2"] }]);
  });

  it("asks no service when no TURN key is configured", async () => {
    const config = await iceConfigFor({ TURN_KEY_API_TOKEN: "token" }, () => {
      throw new Error("no request expected");
    });
    expect(config).toEqual({ iceServers: [{ urls: DEFAULT_STUN_URLS }], relay: "off" });
  });
});
