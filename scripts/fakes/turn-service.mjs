// A stand-in for Cloudflare Realtime's TURN credentials API on localhost, for tests: it speaks the documented shape
// (POST /turn/keys/{keyId}/credentials/generate-ice-servers, a Bearer API token, a JSON body with `ttl`, 201 with
// `{ iceServers: [...] }`), mints a fresh username and credential per call, and can be told to fail
// (POST /__fake/fail with `true` or `false`) so tests see what members see when the service is down.
// GET /__fake/minted counts the credentials minted (with the TTLs asked for and the usernames).
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";

export const FAKE_TURN_KEY_ID = "fake-turn-key";
export const FAKE_TURN_API_TOKEN = "fake-turn-api-token-never-in-a-page";

/** Starts the fake on a free port of 127.0.0.1; `url` is the service base (what TURN_SERVICE_URL takes). */
export async function startFakeTurnService() {
  let failing = false;
  const minted = [];
  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = Buffer.concat(chunks).toString("utf8");
    const send = (status, json) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(json));
    };
    if (req.method === "POST" && req.url === "/__fake/fail") {
      failing = body.trim() === "true";
      return send(200, { failing });
    }
    // How many credentials were minted so far, and the lifetimes asked for (tests count them; never the secrets).
    if (req.method === "GET" && req.url === "/__fake/minted") {
      return send(200, { count: minted.length, ttls: minted.map((m) => m.ttl), usernames: minted.map((m) => m.username) });
    }
    const match = /^\/v1\/turn\/keys\/([^/]+)\/credentials\/generate-ice-servers$/.exec(req.url ?? "");
    if (req.method !== "POST" || !match) return send(404, { error: "not found" });
    if (failing) return send(503, { error: "service unavailable" });
    if (decodeURIComponent(match[1]) !== FAKE_TURN_KEY_ID || req.headers.authorization !== `Bearer ${FAKE_TURN_API_TOKEN}`) {
      return send(401, { error: "unauthorized" });
    }
    let ttl;
    try {
      ttl = JSON.parse(body).ttl;
    } catch {
      return send(400, { error: "invalid JSON" });
    }
    if (!Number.isInteger(ttl) || ttl <= 0) return send(400, { error: "ttl must be a positive integer" });
    const credentials = { username: randomBytes(16).toString("hex"), credential: randomBytes(24).toString("hex"), ttl };
    minted.push(credentials);
    send(201, {
      iceServers: [
        { urls: ["stun:stun.cloudflare.com:3478"] },
        {
          urls: ["turn:turn.cloudflare.com:3478?transport=udp", "turn:turn.cloudflare.com:3478?transport=tcp"],
          username: credentials.username,
          credential: credentials.credential,
        },
      ],
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/v1`,
    minted,
    // Keep-alive connections from workerd would hold close() open.
    close: () =>
      new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      }),
  };
}
