import { describe, expect, it } from "vitest";
import { DEFAULT_STUN_URLS, mintTurnServers, stunServers, turnConfigured } from "./ice-servers";

// The relay's minting against the service's documented API, and who gets it, are tested through the Worker
// (test/ice-servers.test.ts, against the fake TURN service).
describe("ICE servers", () => {
  it("uses two public STUN servers unless STUN_URLS lists others", () => {
    expect(stunServers({})).toEqual([{ urls: DEFAULT_STUN_URLS }]);
    expect(stunServers({ STUN_URLS: " stun:a:1 , stun:b:2 " })).toEqual([{ urls: ["stun:a:1", "stun:b:2"] }]);
  });

  it("asks no service when no TURN key is configured", async () => {
    expect(turnConfigured({ TURN_KEY_API_TOKEN: "token" })).toBe(false);
    const minted = await mintTurnServers({ TURN_KEY_API_TOKEN: "token" }, 60, () => {
      throw new Error("no request expected");
    });
    expect(minted).toBeNull();
  });
});
