import { describe, expect, it } from "vitest";
import { createLogger, currentLogger, formatLine, redactText, withLogger, type LogLevel } from "./logger";

/** A logger writing into an array, each line parsed back. */
function recording(fields = {}) {
  const lines: { level: LogLevel; line: Record<string, unknown>; raw: string }[] = [];
  let errors = 0;
  const log = createLogger(fields, {
    sink: (level, raw) => lines.push({ level, raw, line: JSON.parse(raw) }),
    onError: () => errors++,
  });
  return { log, lines, errors: () => errors };
}

describe("the logger", () => {
  it("writes one JSON object per line: time, level and message first, then the context and the line's own fields", () => {
    const { log, lines } = recording({ requestId: "r1", method: "GET" });
    log.info("request", { status: 200, durationMs: 12 });
    expect(lines).toHaveLength(1);
    expect(lines[0].raw).not.toContain("\n");
    expect(Object.keys(lines[0].line)).toEqual(["time", "level", "message", "requestId", "method", "status", "durationMs"]);
    expect(lines[0].line).toMatchObject({ level: "info", message: "request", requestId: "r1", status: 200 });
    expect(Date.parse(lines[0].line.time as string)).not.toBeNaN();
  });

  it("adds assigned fields to later lines, and a child keeps its parent's fields and error count", () => {
    const { log, lines, errors } = recording({ requestId: "r2" });
    log.info("before");
    log.assign({ memberId: "m1", route: "/api/x/:id" });
    log.warn("after");
    log.child({ room: "GameRoom" }).error("failed", { error: new Error("boom") });
    expect(lines[0].line).not.toHaveProperty("memberId");
    expect(lines[1].line).toMatchObject({ level: "warn", memberId: "m1", route: "/api/x/:id" });
    expect(lines[2].line).toMatchObject({ level: "error", requestId: "r2", memberId: "m1", room: "GameRoom" });
    expect(errors()).toBe(1);
  });

  it("writes an error's name, message and stack (and its cause), and something thrown that is not an Error", () => {
    const { log, lines } = recording();
    const cause = new TypeError("inner");
    log.error("outer failed", { error: new RangeError("outer", { cause }) });
    log.error("odd throw", { error: "a string" });
    const error = lines[0].line.error as Record<string, unknown>;
    expect(error).toMatchObject({ name: "RangeError", message: "outer", cause: { name: "TypeError", message: "inner" } });
    expect(error.stack).toMatch(/RangeError: outer/);
    expect(lines[1].line.error).toBe("a string");
  });

  it("never writes a secret: secret-named fields, access tokens, bearer credentials and OAuth codes in any text", () => {
    const token = "rc_pat_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";
    const line = formatLine("error", `refused ${token}`, {
      token,
      apiToken: "x",
      clientSecret: "y",
      email: "ada@example.com",
      cookie: "realmcast_session=abc",
      headers: { Authorization: "Bearer abc.def" },
      url: "https://example.com/api/callback/discord?code=SECRETCODE&state=S1",
      error: new Error(`token ${token} rejected; Authorization: Bearer zzz`),
      sessionId: "room-1",
    });
    for (const secret of [token, "ada@example.com", "realmcast_session=abc", "abc.def", "SECRETCODE", "S1", "zzz", '"x"', '"y"']) {
      expect(line).not.toContain(secret);
    }
    // A game session's id is not a secret: rooms log it.
    expect(JSON.parse(line).sessionId).toBe("room-1");
    expect(redactText("Bearer abc")).toBe("Bearer [redacted]");
  });

  it("hands the current logger to everything awaited inside withLogger, and a plain one outside", async () => {
    const { log, lines } = recording({ requestId: "r3" });
    const inner = async () => {
      await Promise.resolve();
      currentLogger().warn("deep in the domain");
    };
    await withLogger(log, inner);
    expect(lines).toHaveLength(1);
    expect(lines[0].line).toMatchObject({ requestId: "r3", message: "deep in the domain" });
    expect(currentLogger()).not.toBe(log);
  });
});
