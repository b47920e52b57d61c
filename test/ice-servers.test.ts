import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { request, signUp, type Member } from "./helpers";
import { createRoom } from "./room-socket";
import { decodeSingleFetch } from "./single-fetch";

/**
 * The room page's ICE servers: with Cloudflare's TURN service configured, each page load carries a relay with
 * credentials minted for it (the fake service of test/global-setup.ts speaks the documented API), never the API
 * token; when the service fails, the room still opens with STUN and the page data says the relay is unavailable.
 */
const turn = inject("turnService");
const worker = env as unknown as Record<string, string | undefined>;

const roomOf = (host: Member) => createRoom(host, { name: "Relay table", communityId: "decksong" });

async function roomPageData(member: Member, id: string) {
  const route = encodeURIComponent("routes/tablesync.room.$id");
  const res = await request(`/tablesync/room/${id}.data?_routes=${route}`, { cookie: member.cookie, headers: { Host: "localhost" } });
  expect(res.status).toBe(200);
  const text = await res.text();
  return { text, data: decodeSingleFetch(text)["routes/tablesync.room.$id"].data };
}

const setFailing = (failing: boolean) =>
  fetch(`${turn.url.replace(/\/v1$/, "")}/__fake/fail`, { method: "POST", body: String(failing) }).then((r) => expect(r.status).toBe(200));

describe("room video relay (TURN)", () => {
  beforeAll(() => {
    worker.TURN_KEY_ID = turn.keyId;
    worker.TURN_KEY_API_TOKEN = turn.apiToken;
    worker.TURN_SERVICE_URL = turn.url;
  });
  afterAll(async () => {
    delete worker.TURN_KEY_ID;
    delete worker.TURN_KEY_API_TOKEN;
    delete worker.TURN_SERVICE_URL;
    await setFailing(false);
  });

  it("mints short-lived credentials for each page load and never puts the API token in the page", async () => {
    const host = await signUp("Relay");
    const id = await roomOf(host);
    const first = await roomPageData(host, id);
    const second = await roomPageData(host, id);
    expect(first.data.relay).toBe("relay");
    const relayOf = (servers: { urls: string | string[]; username?: string; credential?: string }[]) =>
      servers.find((s) => [s.urls].flat().some((u) => u.startsWith("turn:")));
    const a = relayOf(first.data.iceServers);
    const b = relayOf(second.data.iceServers);
    expect(a?.username).toMatch(/^[0-9a-f]{32}$/);
    expect(a?.credential).toBeTruthy();
    expect(b?.username).not.toBe(a?.username);
    // STUN stays first, so a direct connection is still tried before the relay.
    expect([first.data.iceServers[0].urls].flat()[0]).toMatch(/^stun:/);
    for (const text of [first.text, second.text, await (await request(`/tablesync/room/${id}`, { cookie: host.cookie })).text()]) {
      expect(text).not.toContain(turn.apiToken);
    }
  });

  it("opens the room with STUN alone and says so when the service fails", async () => {
    const host = await signUp("Relayless");
    const id = await roomOf(host);
    await setFailing(true);
    try {
      const { data } = await roomPageData(host, id);
      expect(data.relay).toBe("unavailable");
      expect(data.iceServers.every((s: { urls: string | string[]; credential?: string }) => !s.credential)).toBe(true);
      const html = await (await request(`/tablesync/room/${id}`, { cookie: host.cookie })).text();
      expect(html).toContain("Video relay unavailable");
    } finally {
      await setFailing(false);
    }
  });

  it("uses STUN alone, with no notice, where no TURN key is configured (local runs)", async () => {
    const key = worker.TURN_KEY_ID;
    delete worker.TURN_KEY_ID;
    try {
      const host = await signUp("Direct");
      const { data } = await roomPageData(host, await roomOf(host));
      expect(data.relay).toBe("off");
      expect(data.iceServers).toEqual([{ urls: ["stun:stun.l.google.com:19302", "stun:stun1.l.google.com:19302"] }]);
    } finally {
      worker.TURN_KEY_ID = key;
    }
  });
});
