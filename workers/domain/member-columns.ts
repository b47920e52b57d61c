import { users } from "../db/schema";

/**
 * The one selection of a member's columns that other members may see: how they are named and pictured.
 * Never the e-mail address or internal fields; queries that show a member to someone else start from these.
 */
export const memberNameColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  profileImageUrl: users.profileImageUrl,
};
export const publicMemberColumns = { id: users.id, ...memberNameColumns };
type PublicMemberColumn = keyof typeof publicMemberColumns;

/** Some of the public columns, for responses whose shape the spec fixes (a room's host, a post's author). */
export function pickMemberColumns<K extends PublicMemberColumn>(...keys: K[]): Pick<typeof publicMemberColumns, K> {
  return Object.fromEntries(keys.map((key) => [key, publicMemberColumns[key]])) as Pick<typeof publicMemberColumns, K>;
}
