import { describe, expect, it } from "vitest";
import { socialProfileUrl } from "./social-profile-url";

describe("socialProfileUrl", () => {
  it("builds each platform's profile URL from a handle (a leading @ is dropped)", () => {
    expect(socialProfileUrl("twitch", "deckmaster_tv")).toBe("https://www.twitch.tv/deckmaster_tv");
    expect(socialProfileUrl("twitter", "@realmcast")).toBe("https://x.com/realmcast");
    expect(socialProfileUrl("instagram", "@card.art")).toBe("https://www.instagram.com/card.art/");
    expect(socialProfileUrl("youtube", "@PokeStreamer")).toBe("https://www.youtube.com/@PokeStreamer");
    expect(socialProfileUrl("youtube", "UCabcdefghijklmnopqrstuv")).toBe("https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv");
    expect(socialProfileUrl("steam", "76561197960287930")).toBe("https://steamcommunity.com/profiles/76561197960287930");
    expect(socialProfileUrl("steam", "gabelogannewell")).toBe("https://steamcommunity.com/id/gabelogannewell");
    expect(socialProfileUrl("discord", "80351110224678912")).toBe("https://discord.com/users/80351110224678912");
  });

  it("links nothing for names the platform has no page for or would not allow", () => {
    expect(socialProfileUrl("discord", "petra#0042")).toBeNull();
    expect(socialProfileUrl("twitter", "way_too_long_for_x_handles")).toBeNull();
    expect(socialProfileUrl("twitch", "two words")).toBeNull();
    expect(socialProfileUrl("youtube", "Channel Name")).toBeNull();
    expect(socialProfileUrl("instagram", "a/../../evil")).toBeNull();
    expect(socialProfileUrl("twitch", "")).toBeNull();
    expect(socialProfileUrl("myspace", "tom")).toBeNull();
    expect(socialProfileUrl("__proto__", "x")).toBeNull();
    expect(socialProfileUrl("constructor", "x")).toBeNull();
  });

  it("keeps a pasted https profile URL on the platform's own host", () => {
    expect(socialProfileUrl("twitch", "https://www.twitch.tv/someone")).toBe("https://www.twitch.tv/someone");
    expect(socialProfileUrl("twitter", "https://twitter.com/someone")).toBe("https://twitter.com/someone");
  });

  it("rejects unsafe schemes and other hosts", () => {
    expect(socialProfileUrl("twitch", "javascript:alert(1)")).toBeNull();
    expect(socialProfileUrl("twitch", "JavaScript:alert(1)//twitch.tv")).toBeNull();
    expect(socialProfileUrl("twitter", "data:text/html,<script>alert(1)</script>")).toBeNull();
    expect(socialProfileUrl("twitch", "http://www.twitch.tv/someone")).toBeNull();
    expect(socialProfileUrl("twitch", "https://evil.example/twitch.tv")).toBeNull();
    expect(socialProfileUrl("twitch", "https://www.twitch.tv.evil.example/x")).toBeNull();
    expect(socialProfileUrl("twitch", "https://user:pw@www.twitch.tv/x")).toBeNull();
    expect(socialProfileUrl("instagram", "vbscript:msgbox")).toBeNull();
  });
});
