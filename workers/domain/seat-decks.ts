import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { CardDto } from "../contract/cards";
import type { SeatDeck } from "../contract/room/protocol";
import type { Db } from "../db/client";
import { alias } from "drizzle-orm/sqlite-core";
import { decks, gameSessionMembers, gameSessions } from "../db/schema";
import type { RoomMember } from "./game-sessions";
import { readOf, snapshotOf, type RoomSnapshot } from "./room-records";
import { pageRefusal } from "./room-rules";
import { mayEnter, roomReadBack } from "./room-seats";

/**
 * Decks on the seats of a room (issue 26): the room's `set_deck` writes a seat's deck, every snapshot of the room
 * carries each seat's deck (roomMembersQuery), and who may see a room may read the decks on its seats.
 */

const NOW_MS = sql.raw("CAST(unixepoch('subsec') * 1000 AS INTEGER)");

/**
 * A seat's deck as the room shows it, from the columns roomMembersQuery reads (decks.commanders is CardDto[]): a
 * saved deck with its name and commanders, else a deck said by name only (Rule 0), each with the bracket its player
 * gave it. A saved deck deleted meanwhile leaves nothing (its reference was set null).
 */
export function seatDeckOf(
  member: Pick<RoomMember, "deckId" | "deckName" | "deckCommanders" | "namedDeck" | "deckBracket">,
): SeatDeck | null {
  const bracket = member.deckBracket ?? null;
  if (member.deckId && member.deckName !== null) {
    const commanders = Array.isArray(member.deckCommanders) ? (member.deckCommanders as CardDto[]) : [];
    return {
      id: member.deckId,
      name: member.deckName,
      commanders: commanders.map((c) => ({ id: c.id, name: c.name, artUrl: c.artUrl, imageUrl: c.imageUrl })),
      bracket,
    };
  }
  return member.namedDeck ? { id: null, name: member.namedDeck, commanders: [], bracket } : null;
}

/** What a player says they bring (the room's `set_deck`): a saved deck, or a name only, or neither; and its bracket. */
export type SeatDeckChoice = { deckId: string | null; deckName: string | null; bracket: number | null };

/** What the room's `set_deck` came to in D1, and the room as read back in the same batch. */
export type SeatDeckWrite = { outcome: "set" | "no_deck" | "not_owner" | "no_seat"; snapshot: RoomSnapshot | null };

/**
 * Puts the chosen deck on `userId`'s seat in the room, in one batch: one conditional statement writes it only for
 * a seated player and, for a saved deck, only one they own (so a deck deleted meanwhile is refused); the session's
 * version moves (the room orders what it is told by it), and the room is read back. Also reads the deck's owner, to
 * say why a refused write was refused. A saved deck clears a name said before, and no deck clears the bracket.
 */
export async function setSeatDeckFromRoom(db: Db, sessionId: string, userId: string, choice: SeatDeckChoice): Promise<SeatDeckWrite> {
  const { deckId } = choice;
  const deckName = deckId === null ? choice.deckName : null;
  const bracket = deckId === null && deckName === null ? null : choice.bracket;
  const ownsDeck = deckId === null ? sql`1` : sql`EXISTS (SELECT 1 FROM decks d WHERE d.id = ${deckId} AND d.owner_id = ${userId})`;
  const [owners, written, , sessions, members] = await db.batch([
    db
      .select({ ownerId: decks.ownerId })
      .from(decks)
      .where(eq(decks.id, deckId ?? "")),
    db
      .update(gameSessionMembers)
      .set({ deckId, deckName, deckBracket: bracket })
      .where(
        and(
          eq(gameSessionMembers.sessionId, sessionId),
          eq(gameSessionMembers.userId, userId),
          eq(gameSessionMembers.role, "player"),
          isNotNull(gameSessionMembers.seat),
          ownsDeck,
        ),
      )
      .returning({ userId: gameSessionMembers.userId }),
    db
      .update(gameSessions)
      .set({ updatedAt: sql`${NOW_MS}` })
      .where(eq(gameSessions.id, sessionId)),
    ...roomReadBack(db, sessionId, userId),
  ]);
  const snapshot = snapshotOf(sessions, members);
  if (written.length > 0) return { outcome: "set", snapshot };
  if (deckId !== null && owners.length === 0) return { outcome: "no_deck", snapshot };
  if (deckId !== null && owners[0]?.ownerId !== userId) return { outcome: "not_owner", snapshot };
  return { outcome: "no_seat", snapshot };
}

/**
 * Whether `viewerId` may read a deck because it sits on a seat of a room they may see: a room they have a place
 * in, or one no block with its host and no removal by its host keeps them out of (a tournament match room lets
 * anyone watch, room-seats.ts mayEnter). One indexed read (game_session_members_deck_idx).
 */
export async function deckOnSeatVisibleTo(db: Db, deckId: string, viewerId: string): Promise<boolean> {
  const g = alias(gameSessions, "g");
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(gameSessionMembers)
    .innerJoin(g, eq(g.id, gameSessionMembers.sessionId))
    .where(
      and(
        eq(gameSessionMembers.deckId, deckId),
        eq(gameSessionMembers.role, "player"),
        sql`(EXISTS (SELECT 1 FROM game_session_members mine WHERE mine.session_id = g.id AND mine.user_id = ${viewerId}) OR ${mayEnter(viewerId)})`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Why a member may not read a room's table (the page's own refusals), or the deck ids on its seats. */
export type TableDecks = { found: false } | { found: true; refused: boolean; deckIds: string[] };

/**
 * The decks on a room's seats, for a viewer who may see the room: one round trip (the room's read-back, which
 * carries each seat's deck). A member the host removed, or kept out by a block with the host, is refused unless
 * they have a place there, as the room page refuses them.
 */
export async function tableDecksFor(db: Db, sessionId: string, viewerId: string): Promise<TableDecks> {
  const [sessions, members] = await db.batch([...roomReadBack(db, sessionId, viewerId)]);
  const read = readOf(sessions, members, viewerId);
  if (!read.session) return { found: false };
  const refusal = pageRefusal(read);
  const deckIds = [...new Set(members.flatMap((m) => (m.role === "player" && m.deckId ? [m.deckId] : [])))];
  return { found: true, refused: refusal !== null && refusal !== "ended", deckIds };
}
