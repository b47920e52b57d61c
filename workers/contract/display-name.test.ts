import { describe, expect, it } from "vitest";
import { displayName } from "./display-name";

describe("displayName", () => {
  it("is first and last name, else username, else the fallback", () => {
    expect(displayName({ firstName: " Ada ", lastName: "Lovelace", username: "ada" })).toBe("Ada Lovelace");
    expect(displayName({ firstName: "Ada", lastName: null })).toBe("Ada");
    expect(displayName({ firstName: "", lastName: "Lovelace" })).toBe("Lovelace");
    expect(displayName({ firstName: "  ", username: "ada" })).toBe("ada");
    expect(displayName({ firstName: null, username: null })).toBe("Member");
    expect(displayName(null, "Player")).toBe("Player");
  });
});
