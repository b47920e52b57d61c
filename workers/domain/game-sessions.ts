import type { Db } from "../db/client";
import { gameSessionMembers, gameSessions } from "../db/schema";

export type NewGameSession = {
  communityId: string | null;
  maxPlayers: number;
  eventId?: string | null;
  tournamentMatchId?: string | null;
  gameData: { name: string; format: string; powerLevel?: string | null; description?: string | null };
};

/**
 * Creates a waiting game session with its host seated as player 1, in one batch.
 * Used by the TableSync API and by tournaments (a room per match).
 */
export async function createGameSession(db: Db, hostId: string, input: NewGameSession): Promise<string> {
  const id = crypto.randomUUID();
  const { name, format, powerLevel, description } = input.gameData;
  await db.batch([
    db.insert(gameSessions).values({
      id,
      hostId,
      communityId: input.communityId,
      eventId: input.eventId ?? null,
      tournamentMatchId: input.tournamentMatchId ?? null,
      name,
      format,
      powerLevel: powerLevel ?? null,
      description: description?.trim() ? description.trim() : `${format} game session`,
      maxPlayers: input.maxPlayers,
      currentPlayers: 1,
      status: "waiting",
    }),
    db.insert(gameSessionMembers).values({ sessionId: id, userId: hostId, role: "player", seat: 1 }),
  ]);
  return id;
}
