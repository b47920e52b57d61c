// The fake Discord's page (GET / of scripts/fakes/discord.mjs): one channel of one server, as a member sees it, for
// `npm start` and the browser tests. Pick who you are, run /realmcast setup, /lfg or /realmcast rooms, press the
// buttons on Realmcast's messages (`?guild=&channel=&users=id:name,…` choose the server, channel and people); each is an interaction the fake signs and sends to the Worker, as Discord would.
// Messages only one member may see (ephemeral answers) are marked so. Plain HTML and a small script, no build.

import { MANAGER_PERMISSIONS } from "./discord-shapes.mjs";

export function viewerPage() {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Fake Discord · Realmcast</title>
<style>
  body { font: 15px/1.4 system-ui, sans-serif; margin: 0; background: #313338; color: #dbdee1; }
  header, form { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; padding: 10px 16px; background: #2b2d31; }
  label { display: flex; gap: 4px; align-items: center; }
  input, select, button { font: inherit; padding: 4px 8px; border-radius: 4px; border: 1px solid #4e5058; background: #1e1f22; color: inherit; }
  button { cursor: pointer; background: #5865f2; border-color: #5865f2; color: #fff; }
  button.s2 { background: #4e5058; border-color: #4e5058; } button.s3 { background: #248046; border-color: #248046; }
  button:disabled { opacity: .5; cursor: not-allowed; }
  main { padding: 8px 16px 40px; max-width: 900px; }
  article { padding: 8px 0; border-bottom: 1px solid #3f4147; white-space: pre-wrap; overflow-wrap: anywhere; }
  article .who { font-weight: 600; color: #fff; } article .tag { font-size: 12px; color: #949ba4; margin-left: 6px; }
  article .row { display: flex; gap: 8px; margin-top: 6px; flex-wrap: wrap; }
  a { color: #00a8fc; } #status { color: #f0b232; padding: 4px 16px; min-height: 1.4em; }
</style></head>
<body>
<header><strong>Fake Discord</strong>
  <label>Server <input id="guild" value="900000000000000001" size="20"></label>
  <label>Channel <input id="channel" value="900000000000000002" size="20"></label>
  <label>You are <select id="user"></select></label>
  <label><input id="manager" type="checkbox"> can manage the server</label>
</header>
<form id="commands">
  <label>Realm <select id="realm"><option>scry-gather</option><option>pokestream-hub</option><option>decksong</option><option>duelcraft</option><option>bladeforge</option><option>deckmaster</option></select></label>
  <button type="button" data-command="setup">/realmcast setup</button>
  <button type="button" data-command="lfg">/lfg</button>
  <button type="button" data-command="rooms">/realmcast rooms</button>
</form>
<div id="status" role="status"></div>
<main id="messages" aria-live="polite"></main>
<script>
  const params = new URLSearchParams(location.search);
  // ?users=id:name,id:name picks who may be played (the browser tests' own Discord users).
  const USERS = params.get("users") ? params.get("users").split(",").map((u) => u.split(":"))
    : [["910000000000000001","ann"],["910000000000000002","ben"],["910000000000000003","cat"],["910000000000000004","dan"]];
  const $ = (id) => document.getElementById(id);
  for (const [id, name] of USERS) $("user").append(new Option(name + " (" + id + ")", id));
  for (const key of ["guild", "channel"]) if (params.get(key)) $(key).value = params.get(key);
  const nameOf = (id) => (USERS.find((u) => u[0] === id) || [id, id])[1];
  const me = () => ({ id: $("user").value, username: nameOf($("user").value) });
  async function send(spec) {
    $("status").textContent = "…";
    const res = await fetch("/__fake/interactions", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ deliver: true, guild_id: $("guild").value, channel_id: $("channel").value, user: me(),
        permissions: $("manager").checked ? "${MANAGER_PERMISSIONS}" : undefined, ...spec }) });
    const answer = await res.json();
    $("status").textContent = answer.response ? "Realmcast answered " + answer.response.status + " in " + answer.response.ms + " ms" : (answer.message || "");
    await refresh();
  }
  $("commands").addEventListener("click", (event) => {
    const command = event.target.dataset && event.target.dataset.command;
    if (command === "lfg") send({ kind: "command", command: { name: "lfg" } });
    if (command === "rooms") send({ kind: "command", command: { name: "realmcast", options: [{ name: "rooms", type: 1 }] } });
    if (command === "setup") send({ kind: "command", command: { name: "realmcast", options: [{ name: "setup", type: 1, options: [{ name: "realm", type: 3, value: $("realm").value }] }] } });
  });
  function render(messages) {
    const box = $("messages");
    box.replaceChildren();
    for (const m of messages) {
      if (m.loading) continue;
      const own = m.interaction && m.interaction.user;
      if ((m.flags & 64) && own !== $("user").value) continue;
      const article = document.createElement("article");
      const who = document.createElement("span"); who.className = "who"; who.textContent = "Realmcast";
      const tag = document.createElement("span"); tag.className = "tag"; tag.textContent = (m.flags & 64) ? "only you can see this" : (m.edited_timestamp ? "(edited)" : "");
      const text = document.createElement("div");
      text.textContent = m.content.replace(/<@!?(\\d+)>/g, (_, id) => "@" + nameOf(id)).replace(/\\*\\*/g, "").replace(/\\\\(.)/g, "$1");
      article.append(who, tag, text);
      for (const row of m.components || []) {
        const line = document.createElement("div"); line.className = "row";
        for (const c of row.components) {
          if (c.style === 5) { const a = document.createElement("a"); a.href = c.url; a.textContent = c.label; line.append(a); continue; }
          const b = document.createElement("button"); b.type = "button"; b.textContent = c.label; b.className = "s" + c.style; b.disabled = !!c.disabled;
          b.addEventListener("click", () => send({ kind: "button", custom_id: c.custom_id, message_id: m.id }));
          line.append(b);
        }
        article.append(line);
      }
      box.append(article);
    }
  }
  async function refresh() {
    const res = await fetch("/__fake/channels/" + $("channel").value + "/messages");
    render(await res.json());
  }
  $("user").addEventListener("change", refresh);
  refresh();
  setInterval(refresh, 2000);
</script>
</body></html>`;
}
