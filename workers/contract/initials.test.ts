import { describe, expect, it } from "vitest";
import { memberInitials } from "./initials";

describe("memberInitials", () => {
  it("uses the initials of first and last name", () => {
    expect(memberInitials({ firstName: "ada", lastName: "Lovelace" })).toBe("AL");
  });

  it("falls back to the first name's, then the username's first letter, never to an e-mail", () => {
    expect(memberInitials({ firstName: "Grace", lastName: " " })).toBe("G");
    expect(memberInitials({ firstName: null, username: "zed99" })).toBe("Z");
    // Extra fields (an e-mail a caller happens to hold) are ignored.
    const withEmail = { firstName: null, username: null, email: "secret@example.com" };
    expect(memberInitials(withEmail)).toBe("U");
  });

  it("is U for nobody", () => {
    expect(memberInitials(null)).toBe("U");
    expect(memberInitials({})).toBe("U");
  });

  it("takes whole graphemes: an emoji, a flag, a family, an accent written as a combining mark", () => {
    // By UTF-16 code unit these were a lone surrogate: "A\uD83E" showed as "A�".
    expect(memberInitials({ firstName: "🦄 Uni", lastName: "Ann" })).toBe("🦄A");
    expect(memberInitials({ firstName: "Ann", lastName: "🦄" })).toBe("A🦄");
    expect(memberInitials({ firstName: "🇫🇷Marie" })).toBe("🇫🇷");
    expect(memberInitials({ firstName: "👩‍👩‍👧 Family", lastName: "Zed" })).toBe("👩‍👩‍👧Z");
    expect(memberInitials({ firstName: "e\u0301lodie", lastName: "o\u0308zil" })).toBe("E\u0301O\u0308");
    expect(memberInitials({ username: "👋🏽wave" })).toBe("👋🏽");
    for (const name of ["🦄", "🇫🇷x", "👩‍👩‍👧", "😀😀"]) {
      expect(memberInitials({ firstName: name, lastName: name })).not.toMatch(/[\uD800-\uDFFF](?![\uDC00-\uDFFF])/u);
    }
  });
});
