import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { ROOM_CLOSE } from "../workers/contract/room/close-codes";
import { json, request } from "./helpers";
import { postForm } from "./page-forms";
import { closeAllSockets, createRoom, joinRoom, signUp } from "./room-socket";

/**
 * Moderation in rooms (issue 38): a chat line reported through its room keeps the line's text as the room had it;
 * a member removed from the realm loses their open socket there at once, closed with the reason.
 */
afterEach(() => closeAllSockets());

const REALM = "bladeforge";

describe("moderation in rooms", () => {
  it("a reported chat line keeps its text; removing its author from the realm closes their socket with the reason", async () => {
    const [host, talker, moderator] = await Promise.all([signUp("RoomHost"), signUp("RoomTalker"), signUp("RoomMod")]);
    await env.DB.prepare("INSERT INTO realm_moderators (community_id, user_id) VALUES (?, ?)").bind(REALM, moderator.id).run();
    const id = await createRoom(host, { name: "Reported pod", communityId: REALM });
    const h = await joinRoom(host, id);
    const t = await joinRoom(talker, id);
    const reason = new Promise<string>((resolve) => t.socket.ws.addEventListener("close", (e) => resolve(e.reason)));
    t.socket.send({ type: "message", content: "You all play badly" });
    const line = await h.socket.next((f) => f.type === "message" && f.message.content === "You all play badly");

    const filed = await request("/api/reports", {
      cookie: host.cookie,
      body: { kind: "chat_message", id: line.message.id, roomId: id, reason: "harassment" },
    });
    expect(filed.status).toBe(201);
    const { caseId } = await json(filed);
    const snapshot = await env.DB.prepare("SELECT snapshot, subject_id FROM report_cases WHERE id = ?")
      .bind(caseId)
      .first<{ snapshot: string; subject_id: string }>();
    expect(JSON.parse(snapshot!.snapshot).text).toBe("You all play badly");
    expect(snapshot!.subject_id).toBe(talker.id);
    // A line that is not in the room is not found.
    expect(
      (await request("/api/reports", { cookie: host.cookie, body: { kind: "chat_message", id: "nope", roomId: id, reason: "spam" } }))
        .status,
    ).toBe(404);

    const res = await postForm("/moderation?index", moderator, {
      intent: "remove_member",
      caseId,
      period: "1",
      reason: "Insults at the table",
    });
    expect(res.status).toBe(200);
    expect(await t.socket.closed).toBe(ROOM_CLOSE.removedFromRealm);
    expect(await reason).toContain("Insults at the table");
    // Kept out of the realm's rooms from now on.
    expect((await request(`/api/game-sessions/${id}/join`, { cookie: talker.cookie, body: {} })).status).toBe(403);
  });
});
