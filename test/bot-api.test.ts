import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SEAT_REFUSALS } from "../workers/domain/rooms/room-rules";
import { json, request, signUp, type Member } from "./helpers";
import { allowBotToSeat, asBot, commanderRoom, createToken, unreadInvites } from "./bot-helpers";
import { postForm } from "./page-forms";
import { actionResult } from "./single-fetch";

/** Issue 27, what a matchmaking bot needs: a token creates a room for invited members, who alone take its seats. */

const queriesOf = (res: Response) => Number(/d1;desc="(\d+) queries"/.exec(res.headers.get("Server-Timing") ?? "")?.[1]);

describe("a bot creates a room for invited members", () => {
  it("makes a private bracket-3 Commander room hosted by the named invitee, the bot's member taking no seat", async () => {
    const [owner, ann, ben, cat] = await Promise.all(["Owner", "Ann", "Ben", "Cat"].map((n) => signUp(`Bot${n}`)));
    const { token, id: tokenId } = await createToken(owner);
    await allowBotToSeat(token, owner, ben);
    const res = await asBot(token, "/api/game-sessions", {
      body: commanderRoom({ isPrivate: true, invitedMemberIds: [ann.id, ben.id, cat.id], hostMemberId: ben.id }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(queriesOf(res)).toBeLessThanOrEqual(5);
    const room = await json(res);
    expect(room).toMatchObject({
      status: "waiting",
      hostId: ben.id,
      host: { id: ben.id },
      currentPlayers: 1,
      maxPlayers: 4,
      isPrivate: true,
      gameData: { name: "Bracket 3 pod", format: "commander", bracket: 3, powerLevel: "focused" },
      roomUrl: `http://localhost/tablesync/room/${room.id}`,
      inviteUrl: `http://localhost/tablesync/room/${room.id}?mode=play`,
      invitedMemberIds: [ann.id, ben.id, cat.id],
    });
    const row = await env.DB.prepare("SELECT created_by_token_id FROM game_sessions WHERE id = ?").bind(room.id).first();
    expect(row?.created_by_token_id).toBe(tokenId);
    const places = await env.DB.prepare("SELECT user_id, role, seat FROM game_session_members WHERE session_id = ?").bind(room.id).all();
    expect(places.results).toEqual([{ user_id: ben.id, role: "player", seat: 1 }]);

    // Every invitee is told, with a link to the room (the host too: the bot arranged the game for them).
    for (const member of [ann, ben, cat]) {
      const invites = await unreadInvites(member);
      expect(invites, member.firstName).toHaveLength(1);
      expect(invites[0].actionUrl).toBe(`/tablesync/room/${room.id}`);
      expect(invites[0].message).toContain("Bracket 3 pod");
    }
    expect(await unreadInvites(owner)).toHaveLength(0);

    // The bot reads the room's state with its token.
    const read = await asBot(token, `/api/game-sessions/${room.id}`);
    expect(read.status).toBe(200);
    expect((await json(read)).hostId).toBe(ben.id);
  });

  it("seats only the host and the invited: anyone else is refused a seat with a clear message and may watch", async () => {
    const [owner, ann, ben, eve] = await Promise.all(["Owner", "Ann", "Ben", "Eve"].map((n) => signUp(`Seat${n}`)));
    const { token } = await createToken(owner);
    await allowBotToSeat(token, owner, ann);
    const room = await json(await asBot(token, "/api/game-sessions", { body: commanderRoom({ invitedMemberIds: [ann.id, ben.id] }) }));
    expect(room.hostId).toBe(ann.id);
    expect(room.inviteUrl).toBeNull();

    const refused = await request(`/api/game-sessions/${room.id}/join`, { cookie: eve.cookie, method: "POST" });
    expect(refused.status).toBe(403);
    expect((await json(refused)).message).toBe(SEAT_REFUSALS.invitedOnly);
    const watching = await request(`/api/game-sessions/${room.id}/spectate`, { cookie: eve.cookie, method: "POST" });
    expect(watching.status).toBe(200);
    expect(await json(watching)).toMatchObject({ role: "spectator", seat: null });
    // A spectator asking again for a seat stays a spectator.
    expect((await request(`/api/game-sessions/${room.id}/join`, { cookie: eve.cookie, method: "POST" })).status).toBe(403);
    // The bot's own member was not invited either.
    expect((await asBot(token, `/api/game-sessions/${room.id}/join`, { method: "POST" })).status).toBe(403);

    const seated = await request(`/api/game-sessions/${room.id}/join`, { cookie: ben.cookie, method: "POST" });
    expect(seated.status).toBe(200);
    expect(await json(seated)).toMatchObject({ role: "player", seat: 2 });
  });

  it("the room page opened from the link seats an invited member and lets anyone else watch", async () => {
    const [owner, ann, ben, eve] = await Promise.all(["Owner", "Ann", "Ben", "Eve"].map((n) => signUp(`Page${n}`)));
    const { token } = await createToken(owner);
    await allowBotToSeat(token, owner, ann);
    const room = await json(
      await asBot(token, "/api/game-sessions", { body: commanderRoom({ isPrivate: true, invitedMemberIds: [ann.id, ben.id] }) }),
    );
    const enter = (member: Member) =>
      postForm(`/tablesync/room/${room.id}?mode=play`, member, { intent: "enter", mode: "play" }, { as: "fetcher" });
    const seated = await enter(ben);
    expect(seated.status).toBe(200);
    expect((await actionResult(seated)).data).toMatchObject({ ok: true, role: "player" });
    const watching = await enter(eve);
    expect(watching.status).toBe(200);
    // The page says why: the same words the API answers.
    expect((await actionResult(watching)).data).toMatchObject({
      ok: true,
      role: "spectator",
      toast: { description: SEAT_REFUSALS.invitedOnly },
    });
    const places = await env.DB.prepare("SELECT user_id, role FROM game_session_members WHERE session_id = ? ORDER BY joined_at")
      .bind(room.id)
      .all();
    expect(places.results).toEqual([
      { user_id: ann.id, role: "player" },
      { user_id: ben.id, role: "player" },
      { user_id: eve.id, role: "spectator" },
    ]);
  });

  it("refuses unknown invitees, more than 7, a host who is not invited, and a member naming another host", async () => {
    const [owner, ann] = await Promise.all([signUp("RefOwner"), signUp("RefAnn")]);
    const { token } = await createToken(owner);
    const unknown = await asBot(token, "/api/game-sessions", { body: commanderRoom({ invitedMemberIds: [ann.id, "no-such-member"] }) });
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).issues[0].path).toEqual(["invitedMemberIds", 1]);
    const many = await asBot(token, "/api/game-sessions", {
      body: commanderRoom({ invitedMemberIds: Array.from({ length: 8 }, (_, i) => `m${i}`) }),
    });
    expect(many.status).toBe(400);
    const notInvited = await asBot(token, "/api/game-sessions", {
      body: commanderRoom({ invitedMemberIds: [ann.id], hostMemberId: owner.id }),
    });
    expect(notInvited.status).toBe(400);
    expect((await json(notInvited)).issues[0].path).toEqual(["hostMemberId"]);
    const byCookie = await request("/api/game-sessions", {
      cookie: owner.cookie,
      body: commanderRoom({ invitedMemberIds: [ann.id], hostMemberId: ann.id }),
    });
    expect(byCookie.status).toBe(400);
    // Nothing was created by the refusals.
    const made = await env.DB.prepare("SELECT count(*) AS n FROM game_sessions WHERE host_id IN (?, ?)").bind(owner.id, ann.id).first();
    expect(made?.n).toBe(0);
  });

  it("refuses an invitee a block keeps apart from the bot's member", async () => {
    const [owner, ann] = await Promise.all([signUp("BlkOwner"), signUp("BlkAnn")]);
    expect((await request("/api/blocks", { cookie: ann.cookie, body: { userId: owner.id } })).status).toBeLessThan(300);
    const { token } = await createToken(owner);
    const res = await asBot(token, "/api/game-sessions", { body: commanderRoom({ invitedMemberIds: [ann.id] }) });
    expect(res.status).toBe(400);
  });

  it("a member creating a room with invitees hosts it and sits; the lobby list with a token finds open rooms by bracket", async () => {
    const [owner, ann] = await Promise.all([signUp("CkOwner"), signUp("CkAnn")]);
    const res = await request("/api/game-sessions", { cookie: owner.cookie, body: commanderRoom({ invitedMemberIds: [ann.id] }) });
    expect(res.status).toBe(201);
    const room = await json(res);
    expect(room.hostId).toBe(owner.id);
    expect(room.invitedMemberIds).toEqual([ann.id]);
    const { token } = await createToken(ann, ["rooms:read"]);
    const list = await asBot(token, "/api/game-sessions?communityId=scry-gather&status=waiting&format=commander&bracket=3&limit=100");
    expect(list.status).toBe(200);
    expect((await json(list)).map((r: { id: string }) => r.id)).toContain(room.id);
  });

  it("a revoked token is refused at once", async () => {
    const owner = await signUp("RevOwner");
    const { token, id } = await createToken(owner);
    expect((await asBot(token, "/api/game-sessions?status=waiting")).status).toBe(200);
    expect((await request(`/api/tokens/${id}`, { cookie: owner.cookie, method: "DELETE" })).status).toBe(204);
    expect((await asBot(token, "/api/game-sessions", { body: commanderRoom() })).status).toBe(401);
  });
});
