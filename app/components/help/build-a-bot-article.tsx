import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { TOKEN_ROUTE_SCOPES, TOKEN_SCOPE_LABELS, TOKEN_SCOPES } from "../../../workers/contract/access-token-scopes";

/** What the article shows in place of a real token: never a value that could work. */
export const TOKEN_PLACEHOLDER = "rc_pat_YOUR_TOKEN";

function Code({ children, label }: { children: string; label: string }) {
  return (
    // Long lines wrap instead of scrolling, so a phone shows the whole command without a scrollable region.
    <pre
      aria-label={label}
      className="mt-2 whitespace-pre-wrap break-all rounded-xl border border-border bg-surface p-3 font-mono text-xs leading-relaxed"
    >
      <code>{children}</code>
    </pre>
  );
}

function Step({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-8">
      <h2 className="text-xl font-semibold">{title}</h2>
      <div className="mt-2 grid gap-2 text-sm leading-relaxed">{children}</div>
    </section>
  );
}

const routesOf = (scope: string) =>
  Object.entries(TOKEN_ROUTE_SCOPES)
    .filter(([, needed]) => needed === scope)
    .map(([route]) => route.replace(" ", " /api"));

/**
 * Help centre article (issue 27): a bot's first calls with a personal access
 * token. The token is always the placeholder; the site's own address is filled in.
 */
export function BuildABotArticle({ origin, perMinute }: { origin: string; perMinute: number }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <p className="text-sm text-muted">
        <Link to="/help-center" className="underline">
          Help Center
        </Link>
      </p>
      <h1 className="mt-2 text-4xl font-bold">Build a bot</h1>
      <p className="mt-3 text-muted">
        A Discord bot or a script can list and create rooms and events for you through the Realmcast API, with a personal access token
        instead of your password, invite members to its rooms and hear when their games start and end.
      </p>

      <Step title="1. Create a token">
        <p>
          Open <strong>Settings</strong> from your account menu, then the <strong>API tokens</strong> tab. Name the token after the bot,
          tick only the scopes it needs, choose when it expires and select <strong>Create Token</strong>.
        </p>
        <p>
          Copy the token straight away: it is shown once. Realmcast stores only a fingerprint of it, so nobody, us included, can show it
          again. Lost it? Revoke it and create another. Revoking stops it on its very next request.
        </p>
      </Step>

      <Step title="2. List a realm's open rooms (rooms:read)">
        <p>Send the token in the Authorization header. This lists the rooms of the Scry &amp; Gather realm that are waiting for players:</p>
        <Code label="curl: list open rooms">{`curl -H "Authorization: Bearer ${TOKEN_PLACEHOLDER}" \\
  "${origin}/api/game-sessions?status=waiting&communityId=scry-gather"`}</Code>
        <p>
          The answer is a JSON array of rooms. More pages: pass the <code>X-Next-Cursor</code> response header back as <code>cursor</code>.
        </p>
      </Step>

      <Step title="3. Create a room (rooms:write)">
        <p>Without invited members the room is yours: you are its host in seat 1, as if you had opened it yourself.</p>
        <Code label="curl: create a room">{`curl -X POST "${origin}/api/game-sessions" \\
  -H "Authorization: Bearer ${TOKEN_PLACEHOLDER}" \\
  -H "Content-Type: application/json" \\
  -d '{"communityId":"scry-gather","maxPlayers":4,
       "gameData":{"name":"Friday Commander","format":"commander"}}'`}</Code>
        <p>
          The answer (201) is the new room; its <code>id</code> makes its link, <code>{`${origin}/tablesync/room/<id>`}</code>.
        </p>
      </Step>

      <Step title="4. Invite members, and let one of them host">
        <p>
          A matchmaking bot arranges games it does not play. Name up to 7 members by their Realmcast id in <code>invitedMemberIds</code>{" "}
          and, if you like, which of them hosts in <code>hostMemberId</code> (the first invited otherwise). You take no seat; only the host
          and the invited may sit, anyone else may watch. Each invited member gets a &quot;You&apos;re invited to a game&quot; notification.
        </p>
        <p>
          Your bot makes a member the host, seated in the room, only with their consent. The first time it names someone as host, the answer
          is <code>403</code> and nothing is created: the member is asked once, with a notification (&quot;{"<your token's name>"} wants to
          seat you in rooms it makes&quot;), and allows or declines your bot in Settings, Privacy. Once they allow it, every token of yours
          may seat them; they can remove your bot at any time, and it stops at once.
        </p>
        <Code label="curl: create a private room for invited members">{`curl -X POST "${origin}/api/game-sessions" \
  -H "Authorization: Bearer ${TOKEN_PLACEHOLDER}" \
  -H "Content-Type: application/json" \
  -d '{"communityId":"scry-gather","maxPlayers":4,"isPrivate":true,
       "gameData":{"name":"Bracket 3 pod","format":"commander","bracket":3},
       "invitedMemberIds":["MEMBER_ID_1","MEMBER_ID_2","MEMBER_ID_3"],
       "hostMemberId":"MEMBER_ID_2"}'`}</Code>
        <p>
          The answer adds <code>roomUrl</code> and, for a private room, <code>inviteUrl</code>: post that link in your channel. An invited
          member who opens it is seated. Read the room any time with <code>GET /api/game-sessions/&lt;id&gt;</code>.
        </p>
      </Step>

      <Step title="5. Hear when a game starts and ends (webhooks)">
        <p>
          In the <strong>API tokens</strong> tab, give the token a <strong>Webhook URL</strong>: an <code>https://</code> address on a
          public host (private, loopback and link-local addresses are refused). Copy the signing secret it shows once. Rooms created with
          this token then POST <code>room.started</code> when the host starts the game and <code>room.ended</code> with the confirmed
          result.
        </p>
        <Code label="A webhook delivery">{`POST /your/webhook
X-Realmcast-Event: room.started
X-Realmcast-Delivery: 5f0c...   (the same on every retry)
X-Realmcast-Timestamp: 1767225600
X-Realmcast-Signature: sha256=9a1b...

{"id":"5f0c...","event":"room.started","createdAt":"...",
 "room":{"id":"...","status":"active","roomUrl":"${origin}/tablesync/room/...",...},
 "result":null}`}</Code>
        <p>
          Answer any 2xx within 10 seconds. Anything else (or no answer, or a redirect) is tried again later, waiting longer each time, up
          to 6 attempts. The tab lists each token&apos;s recent deliveries with their outcome.
        </p>
      </Step>

      <Step title="6. Check the signature">
        <p>
          Compute HMAC-SHA256 of <code>&lt;timestamp&gt;.&lt;raw body&gt;</code> with the secret, compare its hex with the signature in
          constant time, and refuse old timestamps so a captured delivery cannot be replayed. In Node:
        </p>
        <Code label="Node: verify a delivery">{`import { createHmac, timingSafeEqual } from "node:crypto";

function isFromRealmcast(secret, headers, rawBody) {
  const timestamp = headers["x-realmcast-timestamp"];
  const signature = headers["x-realmcast-signature"] ?? "";
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = createHmac("sha256", secret).update(timestamp + "." + rawBody).digest();
  const given = Buffer.from(signature.replace(/^sha256=/, ""), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}`}</Code>
        <p>
          Use the body exactly as received, before any JSON parsing. The webhook&apos;s settings (set, change, remove) are yours alone:
          tokens cannot change them.
        </p>
      </Step>

      <Step title="Scopes">
        <ul className="grid gap-2">
          {TOKEN_SCOPES.map((scope) => {
            const routes = routesOf(scope);
            return (
              <li key={scope}>
                <code className="font-mono">{scope}</code>: {TOKEN_SCOPE_LABELS[scope]}
                {routes.length > 0 ? <span className="block font-mono text-xs text-muted">{routes.join(", ")}</span> : null}
              </li>
            );
          })}
        </ul>
      </Step>

      <Step title="Good to know">
        <ul className="list-disc pl-5">
          <li>
            A token works only on the routes above. Everything else (your settings, tokens, account, signing in and out, pages) answers 403.
          </li>
          <li>A wrong, expired or revoked token answers 401. Send the token or a browser session, never both (400).</li>
          <li>
            Your tokens together may make {perMinute} requests a minute (then 429 with a Retry-After header; a second token gives no more),
            on top of the usual limits of each action, which count you whichever token you use.
          </li>
          <li>Calls from a web page work only on this site: a token sent from another site&apos;s page is refused (403).</li>
          <li>
            Every route, with its fields and scope, is in the{" "}
            <Link to="/api-docs" className="underline">
              API reference
            </Link>{" "}
            and in <code>/api/openapi.json</code>.
          </li>
        </ul>
      </Step>
    </article>
  );
}
