import { describe, expect, it } from "vitest";
import { avatarInitials } from "./avatar-initials";

describe("avatarInitials", () => {
  it("uses the initials of first and last name", () => {
    expect(avatarInitials({ firstName: "ada", lastName: "Lovelace" })).toBe("AL");
  });

  it("falls back to the first name's, then the username's first letter, never to an e-mail", () => {
    expect(avatarInitials({ firstName: "Grace", lastName: " " })).toBe("G");
    expect(avatarInitials({ firstName: null, username: "zed99" })).toBe("Z");
    // Extra fields (an e-mail a caller happens to hold) are ignored.
    const withEmail = { firstName: null, username: null, email: "secret@example.com" };
    expect(avatarInitials(withEmail)).toBe("U");
  });

  it("is U for nobody", () => {
    expect(avatarInitials(null)).toBe("U");
    expect(avatarInitials({})).toBe("U");
  });
});
