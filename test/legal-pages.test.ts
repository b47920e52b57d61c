import { describe, expect, it } from "vitest";
import { SESSION_TTL_SECONDS } from "../workers/auth/session";
import { READ_NOTIFICATION_RETENTION_MS, UNREAD_NOTIFICATION_RETENTION_MS } from "../workers/domain/operations/housekeeping-rules";
import { request, signUp } from "./helpers";

const DAY = 24 * 60 * 60_000;
const text = async (path: string, cookie?: string) => {
  const res = await request(path, { cookie });
  expect(res.status, path).toBe(200);
  return (await res.text()).replace(/<!-- -->/g, "");
};

describe("legal pages", () => {
  it("the Privacy Policy states the retention the cron and the session store apply, and that video is never recorded", async () => {
    const html = await text("/privacy");
    expect(html).toContain("<title>Privacy Policy | Realmcast</title>");
    expect(html).toContain(`A sign-in lasts ${SESSION_TTL_SECONDS / 86_400} days`);
    expect(html).toContain(
      `Notifications you have read are deleted after ${READ_NOTIFICATION_RETENTION_MS / DAY} days, unread ones after ${UNREAD_NOTIFICATION_RETENTION_MS / DAY} days`,
    );
    expect(html).toContain("never receives, records or stores your video or audio");
    expect(html).toContain("Your e-mail address is never shown to other members.");
  });

  it("the Terms of Service and the Code of Conduct are pages for visitors and members alike", async () => {
    const member = await signUp("Reader");
    for (const [path, title] of [
      ["/terms", "Terms of Service"],
      ["/code-of-conduct", "Code of Conduct"],
    ]) {
      for (const cookie of [undefined, member.cookie])
        expect(await text(path, cookie)).toContain(`<h1 class="text-3xl font-bold sm:text-4xl">${title}</h1>`);
    }
  });
});
