// A V8 CPU profile of the Worker's isolate under `wrangler dev --inspector-port`, over the Chrome DevTools
// Protocol (the GameRoom and the bench relay run in that isolate): start, stop, and the top functions by self time.
import { writeFileSync } from "node:fs";
// The `ws` client: wrangler's inspector proxy refuses Node's built-in WebSocket's upgrade.
import WebSocket from "ws";

export async function connectInspector(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
  const target = targets.find((t) => t.webSocketDebuggerUrl) ?? targets[0];
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  let next = 1;
  const pending = new Map();
  ws.on("message", (data) => {
    const message = JSON.parse(String(data));
    if (message.id && pending.has(message.id)) {
      pending.get(message.id)(message);
      pending.delete(message.id);
    }
  });
  const call = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = next++;
      pending.set(id, (m) => (m.error ? reject(new Error(`${method}: ${m.error.message}`)) : resolve(m.result)));
      ws.send(JSON.stringify({ id, method, params }));
    });
  await call("Profiler.enable");
  await call("Profiler.setSamplingInterval", { interval: 200 });
  return {
    start: () => call("Profiler.start"),
    async stop(file) {
      const { profile } = await call("Profiler.stop");
      if (file) writeFileSync(file, JSON.stringify(profile));
      return profile;
    },
    close: () => ws.close(),
  };
}

/** The functions with the most self time (samples), with their share of all non-idle samples. */
export function topSelf(profile, count = 30) {
  const interval = (profile.endTime - profile.startTime) / Math.max(1, profile.samples.length);
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const hits = new Map();
  for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  const byFunction = new Map();
  let busy = 0;
  for (const [id, n] of hits) {
    const { functionName, url, lineNumber } = byNode.get(id).callFrame;
    if (functionName === "(idle)" || functionName === "(program)") continue;
    busy += n;
    const key = `${functionName || "(anonymous)"} ${url.split("/").slice(-2).join("/")}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + n);
  }
  return [...byFunction]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([fn, n]) => ({ fn, ms: (n * interval) / 1000, share: n / busy }));
}

/** The functions with the most total time (self + callees), counted once per sample. */
export function topTotal(profile, count = 30) {
  const interval = (profile.endTime - profile.startTime) / Math.max(1, profile.samples.length);
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const key = ({ functionName, url, lineNumber }) =>
    `${functionName || "(anonymous)"} ${url.split("/").slice(-2).join("/")}:${lineNumber + 1}`;
  const totals = new Map();
  let busy = 0;
  for (const id of profile.samples) {
    const name = byNode.get(id).callFrame.functionName;
    if (name === "(idle)" || name === "(program)") continue;
    busy++;
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) seen.add(key(byNode.get(at).callFrame));
    for (const k of seen) totals.set(k, (totals.get(k) ?? 0) + 1);
  }
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([fn, n]) => ({ fn, ms: (n * interval) / 1000, share: n / busy }));
}
