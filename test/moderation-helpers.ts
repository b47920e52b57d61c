import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { json, request, type Member } from "./helpers";
import { postForm } from "./page-forms";

/** What the moderation tests share: the realm they moderate, its roles, a post to report, a report and a queue action. */
export const REALM = "duelcraft";

export async function appoint(member: Member, communityId = REALM) {
  await env.DB.prepare("INSERT INTO realm_moderators (community_id, user_id) VALUES (?, ?)").bind(communityId, member.id).run();
}

export async function makeAdmin(member: Member) {
  await env.DB.prepare("INSERT INTO site_admins (user_id, note) VALUES (?, 'test')").bind(member.id).run();
}

export async function createPost(member: Member, title: string, communityId = REALM) {
  const res = await request("/api/forum/posts", {
    cookie: member.cookie,
    body: { title, category: "general", content: `${title} body text`, communityId },
  });
  expect(res.status).toBe(201);
  return json<{ id: string }>(res);
}

/** A report through the API, as the report dialog sends it. */
export const report = (member: Member, body: Record<string, unknown>) => request("/api/reports", { cookie: member.cookie, body });

/** The queue page's action, as the page's form posts it. */
export const act = (member: Member, fields: Record<string, string>) => postForm("/moderation?index", member, fields);
