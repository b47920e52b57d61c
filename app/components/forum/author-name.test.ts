import { describe, expect, it } from "vitest";
import { authorName } from "./author-name";

describe("authorName", () => {
  const base = { id: "u", profileImageUrl: null, firstName: null, username: null, email: "secret@example.com" };
  it("names deleted authors and never falls back to the e-mail", () => {
    expect(authorName(null)).toBe("Deleted member");
    expect(authorName({ ...base, firstName: "Ada" })).toBe("Ada");
    expect(authorName({ ...base, firstName: "  ", username: "ada99" })).toBe("ada99");
    expect(authorName(base)).toBe("Member");
  });
});
