import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../workers/db/client";
import { RATE_LIMITS } from "../workers/domain/rate-limit-rules";
import { communityMemberCounts } from "../workers/domain/community-membership";
import { json, request, signUp, type Member } from "./helpers";

const COMMUNITY = "decksong";
const membership = (member: Member, method: "POST" | "DELETE", community = COMMUNITY) =>
  request(`/api/communities/${community}/membership`, { method, cookie: member.cookie });

/** What the realm cards show: the count the landing page's loader reads. */
async function memberCountOf(community: string): Promise<number> {
  return (await communityMemberCounts(getDb(env.DB)))[community] ?? 0;
}

async function rowsOf(member: Member): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT community_id AS id FROM user_communities WHERE user_id = ?")
    .bind(member.id)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

describe("realm membership", () => {
  it("joins and leaves idempotently; counts and the member's realms follow", async () => {
    const member = await signUp("Joiner");
    const before = await memberCountOf(COMMUNITY);

    const joined = await membership(member, "POST");
    expect(joined.status).toBe(200);
    expect(await json(joined)).toEqual({ communityId: COMMUNITY, isMember: true, memberCount: before + 1 });
    // Again: nothing changes.
    expect(await json(await membership(member, "POST"))).toEqual({ communityId: COMMUNITY, isMember: true, memberCount: before + 1 });
    expect(await rowsOf(member)).toEqual([COMMUNITY]);
    expect(await memberCountOf(COMMUNITY)).toBe(before + 1);
    const me = await json(await request("/api/auth/user", { cookie: member.cookie }));
    expect(me.communities).toEqual([COMMUNITY]);

    const left = await membership(member, "DELETE");
    expect(left.status).toBe(200);
    expect(await json(left)).toEqual({ communityId: COMMUNITY, isMember: false, memberCount: before });
    expect(await json(await membership(member, "DELETE"))).toEqual({ communityId: COMMUNITY, isMember: false, memberCount: before });
    expect(await rowsOf(member)).toEqual([]);
  });

  it("answers 404 for an unknown realm and creates nothing", async () => {
    const member = await signUp("Lost");
    for (const method of ["POST", "DELETE"] as const) {
      const res = await membership(member, method, "no-such-realm");
      expect(res.status).toBe(404);
      expect((await json(res)).message).toBe("Realm not found");
    }
    expect(await rowsOf(member)).toEqual([]);
  });

  it("is for members only and refuses cross-site requests", async () => {
    expect((await request(`/api/communities/${COMMUNITY}/membership`, { method: "POST" })).status).toBe(401);
    expect((await request(`/api/communities/${COMMUNITY}/membership`, { method: "DELETE" })).status).toBe(401);
    const member = await signUp("Csrf");
    const res = await request(`/api/communities/${COMMUNITY}/membership`, {
      method: "POST",
      cookie: member.cookie,
      origin: "https://evil.example",
    });
    expect(res.status).toBe(403);
    expect(await rowsOf(member)).toEqual([]);
  });

  it(`allows ${RATE_LIMITS.communityMembership.limit} joins or leaves an hour, then 429`, async () => {
    const member = await signUp("Flapper");
    for (let i = 0; i < RATE_LIMITS.communityMembership.limit; i++) {
      expect((await membership(member, i % 2 === 0 ? "POST" : "DELETE")).status).toBe(200);
    }
    const res = await membership(member, "POST");
    expect(res.status).toBe(429);
    expect((await json(res)).message).toMatch(/^You can join or leave at most 30 realms an hour\./);
    expect(res.headers.get("Retry-After")).toMatch(/^\d+$/);
  });

  it("counts members per realm independently", async () => {
    const [a, b] = await Promise.all([signUp("A"), signUp("B")]);
    const before = { bladeforge: await memberCountOf("bladeforge"), duelcraft: await memberCountOf("duelcraft") };
    await membership(a, "POST", "bladeforge");
    await membership(b, "POST", "bladeforge");
    await membership(b, "POST", "duelcraft");
    expect(await memberCountOf("bladeforge")).toBe(before.bladeforge + 2);
    expect(await memberCountOf("duelcraft")).toBe(before.duelcraft + 1);
  });
});
