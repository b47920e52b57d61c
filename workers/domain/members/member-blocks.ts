/**
 * A member blocking another, whichever door it comes through (the API's POST /blocks, the profile, the room's
 * player menu, Settings → Privacy): the block and the end of the pair's friendship in one batch (friends.ts), then the
 * blocked member's places in the blocker's open rooms (rooms.ts). What a block hides from then on is decided where
 * each list is read (blocks.ts, room-visibility.ts, event-visibility.ts, forum-visibility.ts, privacy.ts).
 */
import type { Db } from "../../db/client";
import { blockMember } from "./friends";
import { endPlacesAfterBlock } from "../rooms/rooms";

export { listBlocked, unblockMember } from "./friends";

export async function blockMemberEverywhere(env: Env, db: Db, memberId: string, otherId: string): Promise<void> {
  const { hostedRoomsWithThem } = await blockMember(db, memberId, otherId);
  await endPlacesAfterBlock(env, db, hostedRoomsWithThem, otherId);
}
