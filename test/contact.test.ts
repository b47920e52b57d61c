import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../workers/domain/rate-limit-rules";
import { json, request } from "./helpers";
import { postForm } from "./page-forms";

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

  it(`answers 429 after ${RATE_LIMITS.contactSender.limit} messages an hour from one e-mail address, also under concurrency`, async () => {
    const ip = address();
    const sender = { ...valid, email: `ada-${crypto.randomUUID()}@example.com` };
    const { limit } = RATE_LIMITS.contactSender;
    const results = await Promise.all(Array.from({ length: limit + 3 }, () => send(sender, ip)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201).length).toBe(limit);
    expect(statuses.filter((s) => s === 429).length).toBe(3);
    const limited = await send(sender, ip);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("3600");
    expect((await json(limited)).message).toMatch(/at most 3 messages from one e-mail address an hour/);
    // Someone else on the same network is unaffected (issue 23: a game store shares one address).
    expect((await send({ ...valid, email: `grace-${crypto.randomUUID()}@example.com` }, ip)).status).toBe(201);
  });

  // Issue 23: a honeypot field that people never see; whatever fills it is answered as sent and stored nowhere.
  it("answers a filled honeypot as sent, stores nothing and counts nothing, from the API and the page", async () => {
    const ip = address();
    const subject = `Trap ${crypto.randomUUID()}`;
    const email = `bot-${crypto.randomUUID()}@example.com`;
    const stored = () => env.DB.prepare("SELECT count(*) AS n FROM contact_messages WHERE subject = ?").bind(subject).first("n");
    for (let i = 0; i < RATE_LIMITS.contactSender.limit + 2; i++) {
      const res = await send({ ...valid, email, subject, website: "http://spam.example" }, ip);
      expect(res.status).toBe(201);
      expect((await json(res)).id).toMatch(/^[0-9a-f-]{36}$/);
    }
    const page = await postForm("/contact", null, { ...valid, email, subject, website: "http://spam.example" });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/contact");
    expect(await stored()).toBe(0);
    // The same person without the trap is not limited by what the bot sent.
    expect((await send({ ...valid, email, subject, website: "" }, ip)).status).toBe(201);
    expect(await stored()).toBe(1);
  });

  it("the page's form carries the honeypot out of sight, out of the tab order and hidden from assistive technology", async () => {
    const html = await (await request("/contact")).text();
    expect(html).toMatch(
      /<div class="[^"]*-left-\[10000px\][^"]*" aria-hidden="true"><label>Leave this field empty<input type="text" name="website" tabindex="-1"/,
    );
  });

  it("needs a same-origin JSON request", async () => {
    expect((await request("/api/contact", { body: valid, origin: "https://evil.example" })).status).toBe(403);
    const form = await request("/api/contact", { body: "name=a", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(form.status).toBe(415);
  });
});
