import { describe, expect, it } from "vitest";
import type { GameSessionView } from "../../contract/game-sessions";
import { hostOfNewRoom, refusedInvitees, roomLinks, seatsAnotherMember } from "./room-invites";

describe("hostOfNewRoom", () => {
  it("a bot with invitees hosts nobody itself: the named invitee hosts, else the first", () => {
    expect(hostOfNewRoom("bot", true, { invitedMemberIds: ["a", "b"], hostMemberId: "b" })).toBe("b");
    expect(hostOfNewRoom("bot", true, { invitedMemberIds: ["a", "b"] })).toBe("a");
  });

  it("a member, or a bot without invitees, hosts the room it creates", () => {
    expect(hostOfNewRoom("me", false, { invitedMemberIds: ["a"] })).toBe("me");
    expect(hostOfNewRoom("bot", true, {})).toBe("bot");
    expect(hostOfNewRoom("me", false, { invitedMemberIds: ["me", "a"], hostMemberId: "me" })).toBe("me");
  });

  it("refuses a member naming someone else as host", () => {
    expect(hostOfNewRoom("me", false, { invitedMemberIds: ["a"], hostMemberId: "a" })).toBeNull();
  });
});

describe("seatsAnotherMember", () => {
  it("is a bot making another member host: that takes the member's consent", () => {
    expect(seatsAnotherMember("bot", true, "a")).toBe(true);
    expect(seatsAnotherMember("bot", true, "bot")).toBe(false);
    expect(seatsAnotherMember("me", false, "me")).toBe(false);
  });
});

describe("refusedInvitees", () => {
  it("names unknown ids and members a block keeps apart, in the order sent", () => {
    expect(
      refusedInvitees(
        ["a", "ghost", "b", "c"],
        [
          { id: "c", blocked: 0 },
          { id: "a", blocked: 0 },
          { id: "b", blocked: 1 },
        ],
      ),
    ).toEqual(["ghost", "b"]);
    expect(refusedInvitees([], [])).toEqual([]);
  });
});

describe("roomLinks", () => {
  const room = { id: "r1", isPrivate: true } as GameSessionView;
  it("gives a private room with invitees an invite link; a public one, or one without invitees, none", () => {
    expect(roomLinks("https://realmcast.example", room, ["a"])).toEqual({
      roomUrl: "https://realmcast.example/tablesync/room/r1",
      inviteUrl: "https://realmcast.example/tablesync/room/r1?mode=play",
      invitedMemberIds: ["a"],
    });
    expect(roomLinks("https://realmcast.example", room, []).inviteUrl).toBeNull();
    expect(roomLinks("https://realmcast.example", { ...room, isPrivate: false }, ["a"]).inviteUrl).toBeNull();
  });
});
