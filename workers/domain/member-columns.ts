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
