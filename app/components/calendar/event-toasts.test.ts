import { describe, expect, it } from "vitest";
import { joinedToast, joinFailed, seatToast } from "./event-toasts";

describe("seatToast", () => {
  it("uses the spec's texts", () => {
    expect(seatToast({ role: "participant", playerType: "main" }).title).toBe("Joined as player!");
    expect(seatToast({ role: "participant", playerType: "alternate" })).toEqual({
      title: "Added to waiting list!",
      description: "You'll be notified if a spot opens up.",
    });
    expect(seatToast({ role: "spectator", playerType: "main" }).title).toBe("Spectating event!");
  });
});

describe("joinedToast", () => {
  it("names the seat in the lobby", () => {
    expect(joinedToast("lobby", "game_pod", { role: "participant", playerType: "alternate" }).title).toBe("Added to waiting list!");
  });

  it("says 'Joined event successfully!' on the calendar, with the seat for pods and spectators only", () => {
    expect(joinedToast("calendar", "game_pod", { role: "participant", playerType: "main" })).toEqual({
      title: "Joined event successfully!",
      description: "You're confirmed as a main player.",
    });
    expect(joinedToast("calendar", "convention", { role: "spectator", playerType: "main" }).description).toBe(
      "You can watch this event when it starts.",
    );
    expect(joinedToast("calendar", "convention", { role: "participant", playerType: "main" })).toEqual({
      title: "Joined event successfully!",
    });
  });
});

describe("joinFailed", () => {
  it("is 'Failed to join event' on the calendar and 'Failed to join as {main|alternate|spectator}' in the lobby", () => {
    const full = "All player seats and waiting list spots are taken";
    expect(joinFailed("calendar", { role: "participant", playerType: "alternate" }, full)).toEqual({
      title: "Failed to join event",
      description: full,
      variant: "destructive",
    });
    expect(joinFailed("lobby", { role: "participant", playerType: "alternate" }, full).title).toBe("Failed to join as alternate");
    expect(joinFailed("lobby", { role: "spectator", playerType: "main" }, full).title).toBe("Failed to join as spectator");
  });
});
