import { describe, expect, it } from "vitest";
import { ROOM_ERROR } from "../../workers/contract/room/protocol";
import { ROOM_REFUSALS } from "../../workers/domain/rooms/room-rules";
import { refusalError } from "./refusals";

describe("refusalError", () => {
  it("tells a member without a place why, with the codes the page acts on", () => {
    expect(refusalError("not_found")).toEqual({ code: "not_found", message: "Room not found" });
    expect(refusalError("blocked")).toEqual({ code: "join_failed", message: ROOM_REFUSALS.blocked });
    expect(refusalError("host_blocked")).toEqual({ code: "join_failed", message: ROOM_REFUSALS.hostBlocked });
    expect(refusalError("ended")).toEqual({ code: "ended", message: "This game session has ended" });
    expect(refusalError("no_place")).toEqual({ code: ROOM_ERROR.noPlace, message: "Join or watch this room first" });
  });
});
