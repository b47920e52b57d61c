import { describe, expect, it } from "vitest";
import { MAX_SOCKETS_PER_MEMBER, SESSION_RECHECK_MS, sessionCheckDue, socketsOverLimit } from "./socket-limits";

describe("session re-check", () => {
  it("is due once the interval has passed since the last check, not before", () => {
    expect(sessionCheckDue(1_000, 1_000)).toBe(false);
    expect(sessionCheckDue(1_000, 1_000 + SESSION_RECHECK_MS - 1)).toBe(false);
    expect(sessionCheckDue(1_000, 1_000 + SESSION_RECHECK_MS)).toBe(true);
    expect(sessionCheckDue(0, 5_000, 5_000)).toBe(true);
  });
});

describe("sockets per member", () => {
  const s = (id: string, connectedAt: number) => ({ id, connectedAt });

  it("closes nothing while the member stays within the limit", () => {
    expect(MAX_SOCKETS_PER_MEMBER).toBe(3);
    expect(socketsOverLimit([], "new")).toEqual([]);
    expect(socketsOverLimit([s("a", 1), s("b", 2), s("new", 3)], "new")).toEqual([]);
  });

  it("closes the oldest beyond the limit, whatever the order given", () => {
    expect(socketsOverLimit([s("c", 3), s("a", 1), s("b", 2), s("new", 4)], "new").map((x) => x.id)).toEqual(["a"]);
    expect(socketsOverLimit([s("e", 5), s("c", 3), s("a", 1), s("d", 4), s("b", 2)], "new").map((x) => x.id)).toEqual(["a", "b", "c"]);
  });

  it("never closes the incoming socket", () => {
    expect(socketsOverLimit([s("new", 0), s("a", 1), s("b", 2), s("c", 3)], "new", 1).map((x) => x.id)).toEqual(["a", "b", "c"]);
  });
});
