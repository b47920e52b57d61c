import { bracketOfLevel, isCommanderFormat, POWER_LEVEL_BANDS, type Bracket } from "../../contract/brackets";
import { POWER_LEVEL_IDS, ROOM_FORMAT_IDS, type PowerLevel } from "../../contract/game-session-options";

/**
 * What Create Room starts from when "Find me a seat" found no seat (issue 25, issue 37): the member's usual room.
 * Pure, so the rule is pinned by the unit tests beside it; find-a-seat.ts reads the rows in its one batch.
 *
 * - The member's last room as host, when there is one: what they usually open.
 * - Else field by field: the lobby's filters the search ran with, else their saved matchmaking preferences (the first
 *   of their formats a room can have; the power level, or a Commander room's bracket, that holds their whole power
 *   range; a range across several levels names none, "Any", which every waiting member's range fits).
 * - The realm: the one the search ran in (the selected realm), else the last room's, else the member's own realm.
 */
export type UsualRoomSettings = {
  format: string | null;
  powerLevel: string | null;
  bracket: number | null;
  maxPlayers: number | null;
  communityId: string | null;
};

export type UsualRoomInputs = {
  search: { format?: string | null; powerLevel?: string | null; bracket?: number | null; communityId?: string | null };
  lastRoom: { format: string; powerLevel: string | null; bracket: number | null; maxPlayers: number; communityId: string | null } | null;
  preferences: { selectedFormats: string[]; powerLevelMin: number; powerLevelMax: number } | null;
  primaryCommunity: string | null;
};

const isRoomFormat = (format: string) => (ROOM_FORMAT_IDS as readonly string[]).includes(format);

/** The power level whose 1-10 band holds all of [min, max], or null. */
export function powerLevelOfRange(min: number, max: number): PowerLevel | null {
  return POWER_LEVEL_IDS.find((level) => POWER_LEVEL_BANDS[level][0] <= min && max <= POWER_LEVEL_BANDS[level][1]) ?? null;
}

/** The bracket whose 1-10 band holds all of [min, max], or null. */
export function bracketOfRange(min: number, max: number): Bracket | null {
  return bracketOfLevel(min) === bracketOfLevel(max) ? bracketOfLevel(min) : null;
}

export function usualRoomSettings({ search, lastRoom, preferences, primaryCommunity }: UsualRoomInputs): UsualRoomSettings {
  const communityId = search.communityId ?? lastRoom?.communityId ?? primaryCommunity ?? null;
  if (lastRoom) {
    const { format, powerLevel, bracket, maxPlayers } = lastRoom;
    return { format, powerLevel, bracket, maxPlayers, communityId };
  }
  const format = search.format ?? preferences?.selectedFormats.find(isRoomFormat) ?? null;
  const fromPreferences = !search.powerLevel && !search.bracket && preferences !== null;
  const commander = isCommanderFormat(format);
  return {
    format,
    powerLevel:
      search.powerLevel ?? (fromPreferences && !commander ? powerLevelOfRange(preferences.powerLevelMin, preferences.powerLevelMax) : null),
    bracket: search.bracket ?? (fromPreferences && commander ? bracketOfRange(preferences.powerLevelMin, preferences.powerLevelMax) : null),
    maxPlayers: null,
    communityId,
  };
}
