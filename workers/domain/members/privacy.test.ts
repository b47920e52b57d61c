import { describe, expect, it } from "vitest";
import { visibleProfileFields } from "./privacy";

const profile = { id: "u1", bio: "About me", status: "gaming" as const };
const open = { profileVisible: true, showOnlineStatus: true };

describe("visibleProfileFields", () => {
  it("shows everything when nothing is hidden", () => {
    expect(visibleProfileFields(profile, open, false)).toEqual(profile);
  });

  it("a hidden profile reads as no bio and offline to others", () => {
    expect(visibleProfileFields(profile, { ...open, profileVisible: false }, false)).toEqual({ id: "u1", bio: null, status: "offline" });
  });

  it("a hidden online status reads as offline, the bio stays", () => {
    expect(visibleProfileFields(profile, { ...open, showOnlineStatus: false }, false)).toEqual({
      id: "u1",
      bio: "About me",
      status: "offline",
    });
  });

  it("the owner always sees their own profile", () => {
    expect(visibleProfileFields(profile, { profileVisible: false, showOnlineStatus: false }, true)).toEqual(profile);
  });
});
