import { describe, expect, it } from "vitest";
import { displayName } from "../../../workers/contract/display-name";
import { memberInitials } from "../../../workers/contract/initials";
import { seatPerson } from "./seat-person";

/** A room seat's initials, from the name the room carries (the display-name rule). */
const seatInitials = (member: Parameters<typeof displayName>[0]) => memberInitials(seatPerson(displayName(member), null));

describe("seatPerson (a room avatar's initials come from the display name)", () => {
  it("gives the header's initials for first and last names, a first name of two words or an emoji included", () => {
    for (const member of [
      { firstName: "Ada", lastName: "Lovelace" },
      { firstName: "🦄 Uni", lastName: "Ann" },
      { firstName: "Mary Jo", lastName: "Lee" },
      { firstName: "Émile", lastName: "Zola", username: "ez" },
    ]) {
      expect(seatInitials(member), JSON.stringify(member)).toBe(memberInitials(member));
    }
    expect(seatInitials({ firstName: "🦄 Uni", lastName: "Ann" })).toBe("🦄A");
  });
  it("takes a username or a lone first name by its first character", () => {
    expect(seatInitials({ username: "goblin_king" })).toBe("G");
    expect(seatInitials({ firstName: "Cher" })).toBe("C");
  });
  it("keeps the picture", () => {
    expect(seatPerson("Ada Lovelace", "/avatars/a.webp")).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      profileImageUrl: "/avatars/a.webp",
    });
  });
});
