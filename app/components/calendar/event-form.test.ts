import { describe, expect, it } from "vitest";
import { attendanceSubmission, calendarSubmission, numbersFromForm } from "./event-form";

const created = {
  intent: "create",
  title: "Friday pod",
  type: "game_pod",
  date: "2030-01-04",
  time: "19:00",
  location: "Discord",
  description: "",
  communityId: "duelcraft",
  playerSlots: "3",
  alternateSlots: "0",
  maxAttendees: "",
};

describe("numbersFromForm", () => {
  it("reads numbers; an empty seat count is left out, an empty attendee cap is none", () => {
    expect(numbersFromForm({ playerSlots: "3", alternateSlots: "", maxAttendees: "" })).toEqual({
      playerSlots: 3,
      alternateSlots: undefined,
      maxAttendees: null,
    });
    expect(numbersFromForm({ title: "x" })).toEqual({ title: "x" });
  });
});

describe("calendarSubmission", () => {
  it("turns the create form into the API's create body", () => {
    expect(calendarSubmission.parse(created)).toEqual({
      intent: "create",
      title: "Friday pod",
      type: "game_pod",
      date: "2030-01-04",
      time: "19:00",
      location: "Discord",
      description: null,
      communityId: "duelcraft",
      playerSlots: 3,
      alternateSlots: 0,
      maxAttendees: null,
    });
  });

  it("keeps the API's rules and messages", () => {
    const result = calendarSubmission.safeParse({ ...created, title: " ", type: "", playerSlots: "9", maxAttendees: "abc" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(messages.title).toBe("Title is required");
    expect(messages.type).toBe("Choose an event type");
    expect(Object.keys(messages)).toEqual(expect.arrayContaining(["playerSlots", "maxAttendees"]));
  });

  it("leaves seat settings out of an update that does not send them", () => {
    const { playerSlots: _p, alternateSlots: _a, ...fields } = created;
    const update = calendarSubmission.parse({ ...fields, intent: "update", id: "e1", type: "convention" });
    expect(update).toMatchObject({ intent: "update", id: "e1" });
    expect(update).not.toHaveProperty("playerSlots", expect.anything());
  });

  it("tells the forms apart by intent and needs an event id where one is changed", () => {
    expect(calendarSubmission.parse({ intent: "delete", id: "e1" })).toEqual({ intent: "delete", id: "e1" });
    expect(calendarSubmission.safeParse({ intent: "delete" }).success).toBe(false);
    expect(calendarSubmission.parse({ intent: "join", id: "e1", role: "spectator", playerType: "main" })).toEqual({
      intent: "join",
      id: "e1",
      status: "attending",
      role: "spectator",
      playerType: "main",
    });
    expect(calendarSubmission.safeParse({ intent: "drop-table" }).success).toBe(false);
  });
});

describe("attendanceSubmission", () => {
  it("is the API's join body, or leave", () => {
    expect(attendanceSubmission.parse({ intent: "join" })).toEqual({
      intent: "join",
      status: "attending",
      role: "participant",
      playerType: "main",
    });
    expect(attendanceSubmission.parse({ intent: "leave" })).toEqual({ intent: "leave" });
    expect(attendanceSubmission.safeParse({ intent: "join", role: "captain" }).success).toBe(false);
  });
});
