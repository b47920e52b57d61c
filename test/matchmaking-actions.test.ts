import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../workers/db/client";
import { loadMatchmakingPage } from "../workers/domain/members/matchmaking";
import { postForm, queriesOf } from "./page-forms";
import { type Member, json, request, signUp } from "./helpers";

/** The Preferences tab's fields as the browser posts them. */
const preferenceFields = {
  intent: "save-preferences",
  selectedGames: ["Magic", "Pokemon"],
  selectedFormats: ["commander", "pokemon-expanded"],
  powerLevelMin: "3",
  powerLevelMax: "9",
  playstyle: "focused",
  location: "Form Town",
  onlineOnly: "true",
  availability: "weekends",
  language: "german",
  maxDistance: "120",
  notifyOpenRooms: "true",
};

/** A fetcher's post to /matchmaking (Remix's single-fetch data URL). */
const act = (member: Member, fields: Record<string, string | string[]>) => postForm("/matchmaking.data", member, fields);

async function requestsOf(member: Member) {
  return json<{ incoming: { id: string; user: { id: string } }[]; outgoing: { id: string; user: { id: string } }[] }>(
    await request("/api/friend-requests", { cookie: member.cookie }),
  );
}
async function friendIds(member: Member) {
  const body = await json<{ friends: { user: { id: string } }[] }>(await request("/api/friends", { cookie: member.cookie }));
  return body.friends.map((f) => f.user.id);
}

describe("/matchmaking actions", () => {
  it("Save Preferences stores the form's values (the API reads them back) and answers 'Preferences saved'", async () => {
    const nora = await signUp("Nora");
    const res = await act(nora, preferenceFields);
    expect(res.status).toBe(200);
    expect(queriesOf(res)).toBeLessThanOrEqual(5);
    expect(await res.text()).toContain("Preferences saved");
    expect(await json(await request("/api/matchmaking/preferences", { cookie: nora.cookie }))).toEqual({
      selectedGames: ["Magic", "Pokemon"],
      selectedFormats: ["commander", "pokemon-expanded"],
      powerLevelMin: 3,
      powerLevelMax: 9,
      playstyle: "focused",
      location: "Form Town",
      onlineOnly: true,
      availability: "weekends",
      language: "german",
      maxDistance: 120,
      notifyOpenRooms: true,
      saved: true,
    });

    const off = await act(nora, {
      ...preferenceFields,
      onlineOnly: "false",
      notifyOpenRooms: "false",
      selectedGames: "Lorcana",
      selectedFormats: [],
    });
    expect(off.status).toBe(200);
    expect(await json(await request("/api/matchmaking/preferences", { cookie: nora.cookie }))).toMatchObject({
      selectedGames: ["Lorcana"],
      selectedFormats: [],
      onlineOnly: false,
      notifyOpenRooms: false,
    });
  });

  it("Save Preferences refuses what the API refuses, with the field's error, and keeps the stored values", async () => {
    const nora = await signUp("Nora");
    const res = await act(nora, { ...preferenceFields, selectedGames: [], selectedFormats: [], powerLevelMin: "9", powerLevelMax: "2" });
    expect(res.status).toBe(400);
    const body = await res.text();
    expect(body).toContain("Choose at least one game");
    expect(body).toContain("powerLevelMin must not exceed powerLevelMax");
    expect(body).toContain("Failed to save preferences");
    expect((await json(await request("/api/matchmaking/preferences", { cookie: nora.cookie }))).saved).toBe(false);
  });

  it("invite, then accept from Connections; decline, cancel and remove; each within the query budget", async () => {
    const [ann, ben, cat] = await Promise.all([signUp("Ann"), signUp("Ben"), signUp("Cat")]);
    const invite = await act(ann, { intent: "invite", addresseeId: ben.id, username: "Ben Member" });
    expect(invite.status).toBe(200);
    expect(queriesOf(invite)).toBeLessThanOrEqual(5);
    const inviteBody = await invite.text();
    expect(inviteBody).toContain("Invite sent!");
    expect(inviteBody).toContain("Ben Member will see your friend request.");
    const [request1] = (await requestsOf(ben)).incoming;
    expect(request1.user.id).toBe(ann.id);

    const again = await act(ann, { intent: "invite", addresseeId: ben.id });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Friend request already sent");

    const accepted = await act(ben, { intent: "accept", id: request1.id });
    expect(queriesOf(accepted)).toBeLessThanOrEqual(5);
    expect(await accepted.text()).toContain("Friend request accepted");
    expect(await friendIds(ann)).toEqual([ben.id]);

    await act(cat, { intent: "invite", addresseeId: ann.id });
    const declined = await act(ann, { intent: "decline", id: (await requestsOf(ann)).incoming[0].id });
    expect(await declined.text()).toContain("Friend request declined");
    expect((await requestsOf(cat)).outgoing).toEqual([]);

    await act(cat, { intent: "invite", addresseeId: ben.id });
    const cancelled = await act(cat, { intent: "cancel", id: (await requestsOf(cat)).outgoing[0].id });
    expect(queriesOf(cancelled)).toBeLessThanOrEqual(5);
    expect(await cancelled.text()).toContain("Friend request cancelled");
    expect((await requestsOf(ben)).incoming).toEqual([]);

    const removed = await act(ann, { intent: "remove", userId: ben.id });
    expect(queriesOf(removed)).toBeLessThanOrEqual(5);
    expect(await removed.text()).toContain("Friend removed");
    expect(await friendIds(ben)).toEqual([]);
  });

  it("only the addressee answers a request; blocks and bad input are refused with the reason", async () => {
    const [ann, ben, eve] = await Promise.all([signUp("Ann"), signUp("Ben"), signUp("Eve")]);
    await act(ann, { intent: "invite", addresseeId: ben.id });
    const { id } = (await requestsOf(ben)).incoming[0];
    const stranger = await act(eve, { intent: "accept", id });
    expect(stranger.status).toBe(404);
    expect(await stranger.text()).toContain("Something went wrong");
    expect(await friendIds(ben)).toEqual([]);

    await request("/api/blocks", { body: { userId: eve.id }, cookie: ann.cookie });
    const blocked = await act(eve, { intent: "invite", addresseeId: ann.id });
    expect(blocked.status).toBe(403);
    const blockedBody = await blocked.text();
    expect(blockedBody).toContain("Invite failed");
    expect(blockedBody).toContain("You cannot connect with this member");

    expect((await act(ann, { intent: "befriend-everyone" })).status).toBe(400);
    expect((await act(ann, { intent: "invite" })).status).toBe(400);
    expect(
      (await postForm("/matchmaking.data", ann, { intent: "remove", userId: ben.id }, { origin: "https://evil.example" })).status,
    ).toBe(403);
  });

  it("without JavaScript, Save Preferences posts the page: saved, and the page renders within the query budget", async () => {
    const nora = await signUp("Nora");
    const res = await postForm("/matchmaking", nora, preferenceFields);
    expect(res.status).toBe(200);
    expect(queriesOf(res)).toBeLessThanOrEqual(5);
    expect(await res.text()).toContain("AI Matchmaking");
    expect(await json(await request("/api/matchmaking/preferences", { cookie: nora.cookie }))).toMatchObject({
      location: "Form Town",
      saved: true,
    });
  });
});

describe("the /matchmaking page's one-batch load", () => {
  it("gives what the API's calls give (a D1 batch keys rows by column name, so no two columns may share one)", async () => {
    const [ann, ben, cat] = await Promise.all([signUp("Ann"), signUp("Ben"), signUp("Cat")]);
    await act(ann, preferenceFields);
    await act(ben, { intent: "invite", addresseeId: ann.id });
    await act(ann, { intent: "accept", id: (await requestsOf(ann)).incoming[0].id });
    await act(cat, { intent: "invite", addresseeId: ann.id });
    await act(ann, { intent: "invite", addresseeId: crypto.randomUUID() });

    const page = await loadMatchmakingPage(getDb(env.DB), ann.id);
    expect(page.preferences).toEqual(await json(await request("/api/matchmaking/preferences", { cookie: ann.cookie })));
    expect(page.requests).toEqual(await requestsOf(ann));
    expect(page.requests.incoming[0]).toMatchObject({ status: "pending", user: { id: cat.id, firstName: "Cat" } });
    expect(page.friends).toEqual(await json(await request("/api/friends", { cookie: ann.cookie })));
    expect(page.friends.friends[0].user).toMatchObject({ id: ben.id, firstName: "Ben" });
    expect(page.friendCount).toBe(1);
  });
});
