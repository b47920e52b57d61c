import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CONTACT_LIMIT } from "../workers/contract/contact";
import { json, request } from "./helpers";

const valid = { name: "Ada", email: "ada@example.com", subject: "Hello", message: "A question about realms." };

/** A distinct client address per test, so the hourly limit of one test never touches another. */
function address() {
  return `198.51.100.${Math.floor(Math.random() * 250)}-${crypto.randomUUID()}`;
}

function send(body: unknown, ip: string) {
  return request("/api/contact", { body, headers: { "CF-Connecting-IP": ip } });
}

describe("contact", () => {
  it("stores a trimmed message with the client address (201)", async () => {
    const ip = address();
    const res = await send({ ...valid, name: "  Ada  ", email: " ada@example.com " }, ip);
    expect(res.status).toBe(201);
    const { id } = await json(res);
    const row = await env.DB.prepare("SELECT name, email, subject, message, client_address FROM contact_messages WHERE id = ?")
      .bind(id)
      .first();
    expect(row).toEqual({ name: "Ada", email: "ada@example.com", subject: "Hello", message: valid.message, client_address: ip });
  });

  it("validates every field", async () => {
    const ip = address();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, name: "  " }, "name"],
      [{ ...valid, name: "n".repeat(101) }, "name"],
      [{ ...valid, email: "not-an-email" }, "email"],
      [{ ...valid, email: "" }, "email"],
      [{ ...valid, subject: "" }, "subject"],
      [{ ...valid, subject: "s".repeat(201) }, "subject"],
      [{ ...valid, message: " \n " }, "message"],
      [{ ...valid, message: "m".repeat(5001) }, "message"],
      [{ name: "a", email: "a@b.co", subject: "s" }, "message"],
    ];
    for (const [body, field] of cases) {
      const res = await send(body, ip);
      expect(res.status, field).toBe(400);
      expect((await json(res)).issues.map((i: any) => i.path[0])).toContain(field);
    }
    // Rejected messages do not count toward the limit.
    expect((await send(valid, ip)).status).toBe(201);
  });

  it(`answers 429 after ${CONTACT_LIMIT} messages an hour from one address, also under concurrency`, async () => {
    const ip = address();
    const results = await Promise.all(Array.from({ length: CONTACT_LIMIT + 3 }, () => send(valid, ip)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201).length).toBe(CONTACT_LIMIT);
    expect(statuses.filter((s) => s === 429).length).toBe(3);
    const limited = await send(valid, ip);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("3600");
    expect((await json(limited)).message).toMatch(/at most 5 messages an hour/);
    // Another address is unaffected.
    expect((await send(valid, address())).status).toBe(201);
  });

  it("needs a same-origin JSON request", async () => {
    expect((await request("/api/contact", { body: valid, origin: "https://evil.example" })).status).toBe(403);
    const form = await request("/api/contact", { body: "name=a", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(form.status).toBe(415);
  });
});
