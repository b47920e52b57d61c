import { describe, expect, it } from "vitest";
import { discordProfile, googleProfile, twitchProfile } from "./provider-profiles";

describe("provider profiles", () => {
  it("Discord: verified only when `verified` is true and there is an address", () => {
    const base = { id: "1", username: "ada", global_name: null, email: "ada@x.test", avatar: null };
    expect(discordProfile({ ...base, verified: true })).toMatchObject({ email: "ada@x.test", emailVerified: true, firstName: "ada" });
    expect(discordProfile({ ...base, verified: false }).emailVerified).toBe(false);
    expect(discordProfile(base).emailVerified).toBe(false);
    expect(discordProfile({ ...base, email: null, verified: true })).toMatchObject({ email: null, emailVerified: false });
  });

  it("Google: verified only when `email_verified` is true", () => {
    expect(googleProfile({ sub: "g1", email: "ada@x.test", email_verified: true }).emailVerified).toBe(true);
    expect(googleProfile({ sub: "g1", email: "ada@x.test", email_verified: false }).emailVerified).toBe(false);
    expect(googleProfile({ sub: "g1", email: "ada@x.test" }).emailVerified).toBe(false);
  });

  it("Twitch: Helix only returns a verified address, so a present one counts as verified", () => {
    const user = { id: "t1", login: "ada", display_name: "Ada" };
    expect(twitchProfile({ data: [{ ...user, email: "ada@x.test" }] })).toMatchObject({ email: "ada@x.test", emailVerified: true });
    expect(twitchProfile({ data: [user] })).toMatchObject({ email: null, emailVerified: false });
    expect(twitchProfile({ data: [{ ...user, email: "" }] })).toMatchObject({ email: null, emailVerified: false });
  });

  it("refuses answers that are not the provider's user shape", () => {
    expect(() => discordProfile({ username: "no id" })).toThrow();
    expect(() => twitchProfile({ data: [] })).toThrow();
    expect(() => googleProfile("nope")).toThrow();
  });
});
