import { describe, expect, it } from "vitest";
import { json, request, signUp, type Member } from "./helpers";
import { actionResult, submitForm } from "./single-fetch";

// Half an hour ahead: inside the check-in window, so the organizer may start it (issue 37: not before its date less 60 minutes).
const future = () => new Date(Date.now() + 30 * 60_000).toISOString();
const cupFields = (name: string) => ({
  intent: "create",
  name,
  description: "",
  gameFormat: "modern",
  maxParticipants: "4",
  startDate: future(),
  pairing: "swiss",
  prizePool: "",
  rules: "",
  communityId: "mtg",
});

async function createCup(organizer: Member, name = `Action Cup ${crypto.randomUUID().slice(0, 8)}`) {
  const res = await submitForm("/tournaments", organizer, cupFields(name));
  expect(res.status).toBe(200);
  const { data } = await actionResult(res);
  expect(data).toMatchObject({ ok: true, intent: "create" });
  return data.id as string;
}

const page = (id: string) => `/tournaments/${id}`;
const detail = async (id: string) => json(await request(`/api/tournaments/${id}`));

describe("the Tournament Hub's action", () => {
  it("creates with the API's rules: errors beside the fields, then the spec's toast and a real tournament", async () => {
    const organizer = await signUp("Hubby");
    const bad = await submitForm("/tournaments", organizer, { ...cupFields(""), gameFormat: "", startDate: "next friday" });
    expect(bad.status).toBe(400);
    const refused = (await actionResult(bad)).data;
    expect(Object.keys(refused.fieldErrors).sort()).toEqual(["gameFormat", "name", "startDate"]);
    expect(refused.fieldErrors.name).toEqual(["Name is required"]);
    expect(refused.toast).toMatchObject({ title: "Failed to create tournament", variant: "destructive" });
    expect(refused.fieldErrors.startDate).toEqual(["Choose a start date and time"]);
    // A start that has passed is refused beside the field too (1 January 2020, as the issue found it accepted).
    const past = await submitForm("/tournaments", organizer, { ...cupFields("Too late"), startDate: "2020-01-01T19:00:00.000Z" });
    expect(past.status).toBe(400);
    expect((await actionResult(past)).data.fieldErrors).toEqual({
      startDate: ["This start has passed: a tournament starts in the future"],
    });

    const name = `Hub Cup ${crypto.randomUUID().slice(0, 8)}`;
    const res = await submitForm("/tournaments", organizer, { ...cupFields(name), prizePool: "Playmat" });
    const { data } = await actionResult(res);
    expect(data.toast).toEqual({ title: "Tournament created!", description: "Your tournament has been created successfully." });
    expect(await detail(data.id)).toMatchObject({
      name,
      communityId: "scry-gather",
      prizePool: "Playmat",
      description: null,
      maxParticipants: 4,
      status: "upcoming",
      organizer: { id: organizer.id, firstName: "Hubby" },
    });
  });

  it("joins from a card once; a second join says why with the spec's failure title", async () => {
    const [organizer, player] = await Promise.all([signUp("Card"), signUp("Joiner")]);
    const id = await createCup(organizer);
    const joined = await actionResult(await submitForm("/tournaments", player, { intent: "join", tournamentId: id }));
    expect(joined.data).toEqual({
      ok: true,
      intent: "join",
      toast: { title: "Joined tournament!", description: "You have successfully joined the tournament." },
    });
    const again = await submitForm("/tournaments", player, { intent: "join", tournamentId: id });
    expect(again.status).toBe(409);
    expect((await actionResult(again)).data.toast).toEqual({
      title: "Failed to join tournament",
      description: "You have already joined this tournament",
      variant: "destructive",
    });
    expect((await detail(id)).participants.map((p: any) => p.userId)).toEqual([player.id]);
  });
});

describe("a tournament page's action", () => {
  it("runs an event: only the organizer starts and pairs; players report; the organizer finishes", async () => {
    const [organizer, a, b, c] = await Promise.all(["Boss", "Ava", "Ben", "Cid"].map((n) => signUp(`Page${n}`)));
    const id = await createCup(organizer);
    for (const m of [a, b, c]) expect((await submitForm(page(id), m, { intent: "join" })).status).toBe(200);
    const left = await actionResult(await submitForm(page(id), c, { intent: "leave" }));
    expect(left.data.toast).toEqual({ title: "Left tournament" });

    const notYours = await submitForm(page(id), a, { intent: "start" });
    expect(notYours.status).toBe(403);
    expect((await actionResult(notYours)).data.toast).toEqual({
      title: "Failed to start tournament",
      description: "Only the organizer can do this",
      variant: "destructive",
    });
    const blank = await submitForm(page(id), organizer, { intent: "edit", name: " ", description: "", prizePool: "", rules: "" });
    expect(blank.status).toBe(400);
    expect((await actionResult(blank)).data.fieldErrors.name).toEqual(["Name is required"]);
    const edited = await submitForm(page(id), organizer, {
      intent: "edit",
      name: "Renamed Cup",
      description: "",
      prizePool: "Sleeves",
      rules: "",
    });
    expect((await actionResult(edited)).data.toast).toEqual({ title: "Tournament updated" });

    const started = await actionResult(await submitForm(page(id), organizer, { intent: "start" }));
    expect(started.data.toast).toEqual({ title: "Tournament started", description: "Round 1 is paired." });
    const t = await detail(id);
    expect(t).toMatchObject({ name: "Renamed Cup", prizePool: "Sleeves", status: "active", currentRound: 1 });
    const [match] = t.rounds[0].matches;
    const byId = new Map([a, b].map((m) => [m.id, m]));
    const result = { intent: "result", matchId: match.id, player1Wins: "2", player2Wins: "1", draws: "0" };
    for (const player of [byId.get(match.player1Id)!, byId.get(match.player2Id)!]) {
      expect((await actionResult(await submitForm(page(id), player, result))).data.toast).toEqual({ title: "Result reported" });
    }
    expect((await detail(id)).rounds[0].matches[0]).toMatchObject({ status: "completed", player1Wins: 2, player2Wins: 1 });

    const paired = await actionResult(await submitForm(page(id), organizer, { intent: "round" }));
    expect(paired.data.toast).toEqual({ title: "Round 2 paired" });
    const next = (await detail(id)).rounds[1].matches[0];
    await submitForm(page(id), organizer, { ...result, matchId: next.id, player1Wins: "0", player2Wins: "2" });
    const dropped = await submitForm(page(id), byId.get(next.player1Id)!, { intent: "drop" });
    expect(dropped.status).toBe(200);
    const finished = await actionResult(await submitForm(page(id), organizer, { intent: "finish" }));
    expect(finished.data.toast).toEqual({ title: "Tournament completed", description: "Final standings are up." });
    expect((await detail(id)).status).toBe("completed");
  });

  it("opens a match room and goes there", async () => {
    const [organizer, a, b] = await Promise.all(["Roomy", "Rae", "Rob"].map((n) => signUp(n)));
    const id = await createCup(organizer);
    for (const m of [a, b]) await submitForm(page(id), m, { intent: "join" });
    await submitForm(page(id), organizer, { intent: "start" });
    const [match] = (await detail(id)).rounds[0].matches;
    const res = await submitForm(page(id), a, { intent: "room", matchId: match.id });
    const answer = await actionResult(res);
    const { gameSessionId } = (await detail(id)).rounds[0].matches[0];
    expect(gameSessionId).toBeTypeOf("string");
    expect(answer.redirect).toBe(`/tablesync/room/${gameSessionId}`);
  });

  it("refuses a cross-site post (403) and sends a visitor to sign in", async () => {
    const [organizer, player] = await Promise.all([signUp("Csrf"), signUp("Victim")]);
    const id = await createCup(organizer);
    const cross = await submitForm(page(id), player, { intent: "join" }, { origin: "https://evil.example" });
    expect(cross.status).toBe(403);
    const visitor = await submitForm(page(id), null, { intent: "join" });
    expect((await actionResult(visitor)).redirect).toMatch(/^\/api\/login/);
    expect((await detail(id)).participantCount).toBe(0);
  });
});
