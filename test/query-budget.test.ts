import { describe, expect, it } from "vitest";
import { realmCookieValue } from "../app/lib/realm-cookie";
import { request, signUp } from "./helpers";

/** D1 round trips of one request, from the Worker's Server-Timing header. */
function queriesOf(res: Response): number {
  const match = /d1;desc="(\d+) queries"/.exec(res.headers.get("Server-Timing") ?? "");
  if (!match) throw new Error("no Server-Timing d1 entry");
  return Number(match[1]);
}

const LIST_CALLS = [
  "/api/communities",
  "/api/events?communityId=scry-gather&upcoming=true",
  "/api/events?type=game_pod&upcoming=true",
  "/api/forum/posts?communityId=scry-gather",
  "/api/game-sessions?status=waiting",
  "/api/tournaments?communityId=scry-gather",
  "/api/notifications",
  "/api/friends",
  "/api/friend-requests",
  "/api/social/posts",
  "/api/user/social-links",
];
const PAGES = [
  "/",
  "/tablesync",
  "/calendar",
  "/tournaments",
  "/community-forum",
  "/matchmaking",
  "/profile",
  "/social",
  "/contact",
  "/api-docs",
];

describe("query budget: at most 5 D1 round trips per page or list call", () => {
  it.each(LIST_CALLS)("GET %s", async (path) => {
    const member = await signUp("Budget");
    const res = await request(path, { cookie: member.cookie });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect(queriesOf(res)).toBeLessThanOrEqual(5);
  });

  it.each(PAGES)("page %s (signed in)", async (path) => {
    const member = await signUp("Pages");
    const res = await request(path, { cookie: `${member.cookie}; selectedCommunityId=${realmCookieValue("scry-gather")}` });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect(queriesOf(res)).toBeLessThanOrEqual(5);
  });
});
