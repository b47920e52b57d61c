/**
 * A room's result as pure rules (issue 27): who may record it, who must still answer it, what an answer does to
 * it. The D1 side (game-results.ts) reads, asks these, then writes with guards that make the same decision
 * again in SQL, so two requests at once cannot both win.
 */
import type { RecordResultInput, ResultPlayerView } from "../../contract/game-results";
import { conflict, forbidden, invalid, notFound, type DomainError } from "../errors";

export type ResultStatus = "pending" | "confirmed" | "disputed";
export type PlayerResponse = ResultPlayerView["response"];

/** What the rules need of the room. */
export type ResultRoom = { hostId: string; status: string; tournamentMatchId: string | null };

export const TOURNAMENT_RESULT_REFUSAL = "Tournament match results are reported in the tournament";

/** A seated player of the ended room, with what their seat said of their deck. */
export type SeatedPlayer = {
  userId: string;
  seat: number | null;
  /** The saved deck's commanders (decks.commanders: cards with a name), or null. */
  deckCommanders: unknown;
  /** The saved deck's name, or null. */
  savedDeckName: string | null;
  /** A deck said by name only (Rule 0), or null. */
  namedDeck: string | null;
  bracket: number | null;
  /** When the room put them out of the game (issue 37, mirrored with the table), or null while they are in. */
  outAt: number | null;
};

/**
 * The host's form starts from who is left (issue 37): players still in first, then those out of the game, each by
 * seat; and the winner it preselects: the one seated player not out, when every other one is (null otherwise).
 */
export function whoIsLeft<P extends { seat: number | null; outAt: number | null; userId: string }>(
  players: readonly P[],
): { order: P[]; lastStanding: string | null } {
  const bySeat = (a: P, b: P) => (a.seat ?? 99) - (b.seat ?? 99);
  const inGame = players.filter((p) => p.outAt === null).sort(bySeat);
  const out = players.filter((p) => p.outAt !== null).sort(bySeat);
  return { order: [...inGame, ...out], lastStanding: inGame.length === 1 && out.length > 0 ? inGame[0]!.userId : null };
}

/**
 * The commander a seat's deck says the player played: the saved deck's commanders joined " / ", else the deck
 * said by name, else the saved deck's name.
 */
export function seatCommander(player: Pick<SeatedPlayer, "deckCommanders" | "savedDeckName" | "namedDeck">): string | null {
  const names = Array.isArray(player.deckCommanders)
    ? player.deckCommanders
        .map((card: unknown) => (card && typeof card === "object" && "name" in card && typeof card.name === "string" ? card.name : ""))
        .filter(Boolean)
    : [];
  if (names.length > 0) return names.join(" / ");
  return player.namedDeck || player.savedDeckName || null;
}

/** Why `userId` may not record the room's result now, or null. `existing` is the room's result so far. */
export function recordRefusal(room: ResultRoom | null, userId: string, existing: { status: ResultStatus } | null): DomainError | null {
  if (!room) return notFound("Game session not found");
  if (room.tournamentMatchId) return conflict(TOURNAMENT_RESULT_REFUSAL);
  if (room.hostId !== userId) return forbidden("Only the host can record the result");
  if (room.status !== "completed") return conflict("Record the result after the game has ended");
  // One result per room: it may be recorded again only to correct it after a dispute.
  if (existing && existing.status !== "disputed") return conflict("The result is already recorded");
  return null;
}

export type ResultPlayerRow = {
  userId: string;
  seat: number | null;
  commander: string | null;
  bracket: number | null;
  isWinner: boolean;
  response: PlayerResponse;
};

/**
 * The result's lines, one per seated player: the host's answer is "host", everyone else's "pending" (a corrected
 * result asks everyone again). Refuses a winner who did not play, a commander for someone who did not, or a
 * table of fewer than two players (nobody would confirm it).
 */
export function resultLines(players: SeatedPlayer[], hostId: string, body: RecordResultInput): ResultPlayerRow[] {
  const ids = new Set(players.map((p) => p.userId));
  const issues: { path: (string | number)[]; message: string }[] = [];
  if (body.outcome === "win" && body.winnerId && !ids.has(body.winnerId)) {
    issues.push({ path: ["winnerId"], message: "The winner must be one of the players" });
  }
  body.commanders.forEach((c, i) => {
    if (!ids.has(c.playerId)) issues.push({ path: ["commanders", i, "playerId"], message: "Not one of the players" });
  });
  if (issues.length > 0) throw invalid("Invalid request body", issues);
  if (players.length < 2 || !ids.has(hostId)) throw conflict("A result needs the host and at least one other seated player");
  const given = new Map(body.commanders.map((c) => [c.playerId, c.commander]));
  return [...players]
    .sort((a, b) => (a.seat ?? 99) - (b.seat ?? 99))
    .map((p) => ({
      userId: p.userId,
      seat: p.seat,
      commander: given.has(p.userId) ? (given.get(p.userId) ?? null) : seatCommander(p),
      bracket: p.bracket,
      isWinner: body.outcome === "win" && body.winnerId === p.userId,
      response: p.userId === hostId ? "host" : "pending",
    }));
}

/** The players who must still confirm. */
export function stillToConfirm<P extends { response: PlayerResponse }>(players: P[]): P[] {
  return players.filter((p) => p.response === "pending");
}

/** The result's status from its players' answers: any dispute stops it; every other player confirmed ends it. */
export function statusOf(players: { response: PlayerResponse }[]): ResultStatus {
  if (players.some((p) => p.response === "disputed")) return "disputed";
  return stillToConfirm(players).length === 0 ? "confirmed" : "pending";
}

/** Why `userId` may not answer the result now, or null. */
export function respondRefusal(
  room: Pick<ResultRoom, "tournamentMatchId"> | null,
  result: { status: ResultStatus } | null,
  players: { userId: string; response: PlayerResponse }[],
  userId: string,
): DomainError | null {
  if (!room) return notFound("Game session not found");
  if (room.tournamentMatchId) return conflict(TOURNAMENT_RESULT_REFUSAL);
  if (!result) return notFound("No result has been recorded for this game");
  const mine = players.find((p) => p.userId === userId);
  if (!mine) return forbidden("Only the game's players answer its result");
  if (mine.response === "host") return forbidden("You recorded this result");
  if (result.status === "disputed") return conflict("The result is disputed: the host is correcting it");
  if (result.status === "confirmed" || mine.response !== "pending") return conflict("You already answered this result");
  return null;
}

/** What the room page offers the viewer for the result. */
export type ResultRole = "record" | "correct" | "respond" | "view";

export function resultRoleOf(
  hostId: string,
  result: { status: ResultStatus } | null,
  players: { userId: string; response: PlayerResponse }[],
  userId: string,
): ResultRole {
  if (userId === hostId && (!result || result.status === "disputed")) return result ? "correct" : "record";
  if (result?.status === "pending" && players.some((p) => p.userId === userId && p.response === "pending")) return "respond";
  return "view";
}
