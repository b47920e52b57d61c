// One timed fan-out run over open sockets and its summary (bench/room-fanout.mjs): latency from each send to
// each receiver, deliveries against what was expected, `error` frames, and the CPU the given processes used.
import { performance } from "node:perf_hooks";
import { cpuMs } from "./cpu.mjs";
import { percentile, sleep } from "./sockets.mjs";

/**
 * One timed run over open sockets: clients[0..senders-1] each send `messages` frames at `rate`/s (spread evenly
 * between them); the content carries the sender and the send time. Every other socket must receive each frame.
 */
export async function run(clients, sendFrame, { senders, rate, messages, cpuPids = [], drainMs = 30_000 }) {
  const latencies = [];
  let errors = 0;
  let received = 0;
  let lastReceive = 0;
  const expected = messages * senders * (clients.length - 1);
  let done;
  const finished = new Promise((r) => (done = r));
  const listeners = clients.map((ws, index) => {
    const listener = (event) => {
      const frame = JSON.parse(String(event.data));
      if (frame.type === "error") errors++;
      if (frame.type !== "message") return;
      // The room and the Node server wrap the text in `message`; the bare relay forwards the sender's frame as is.
      const match = /^bench:(\d+):(\d+):([\d.]+)$/.exec(frame.message?.content ?? frame.content);
      if (!match || Number(match[1]) === index) return;
      const now = performance.now();
      latencies.push(now - Number(match[3]));
      lastReceive = now;
      if (++received === expected) done();
    };
    ws.addEventListener("message", listener);
    return listener;
  });
  const cpuBefore = cpuMs(cpuPids);
  const interval = 1000 / (rate * senders);
  const start = performance.now();
  for (let k = 0; k < messages * senders; k++) {
    const wait = start + k * interval - performance.now();
    if (wait > 0) await sleep(wait);
    const sender = k % senders;
    clients[sender].send(JSON.stringify(sendFrame(`bench:${sender}:${Math.floor(k / senders)}:${performance.now()}`)));
  }
  const lastSend = performance.now();
  await Promise.race([finished, sleep(drainMs)]);
  const cpu = cpuMs(cpuPids) - cpuBefore;
  clients.forEach((ws, i) => ws.removeEventListener("message", listeners[i]));
  return {
    latencies,
    errors,
    received,
    expected,
    cpuMs: cpu,
    seconds: (Math.max(lastReceive, lastSend) - start) / 1000,
    offered: (messages * senders) / ((lastSend - start) / 1000 || 1),
  };
}

export function summarise(label, runs) {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const sum = (key) => runs.reduce((total, r) => total + r[key], 0);
  return {
    label,
    delivered: sum("received"),
    expected: sum("expected"),
    lost: sum("expected") - sum("received"),
    errors: sum("errors"),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1),
    deliveriesPerSecond: sum("received") / sum("seconds"),
    cpuMs: sum("cpuMs"),
    cpuPer1000: (sum("cpuMs") / Math.max(1, sum("received"))) * 1000,
  };
}
