// What one click cost in CPU, read from Linux for the browser's renderer threads (issue 36's click-to-identify specs):
// time on a CPU is what a click's code costs; wall time on this shared machine is mostly waiting for a core.
import { readdirSync, readFileSync } from "node:fs";
import type { Browser } from "@playwright/test";

/**
 * The CPU time each thread of the browser's renderer processes has run so far, in ms, by process and thread:
 * Chromium names its processes (CDP's SystemInfo), Linux counts each thread's time on a CPU (/proc/…/schedstat,
 * nanoseconds). Time on a CPU, not wall time: on this shared 2-core machine a thread waits its turn for seconds
 * (the same click measured 0.6–2.4 s of wall time in the worker at load averages 12–19), and that wait is the
 * machine's, not the code's.
 */
export async function rendererThreadsCpu(browser: Browser) {
  const cdp = await browser.newBrowserCDPSession();
  const { processInfo } = (await cdp.send("SystemInfo.getProcessInfo")) as { processInfo: { type: string; id: number }[] };
  await cdp.detach();
  const threads: { pid: number; tid: number; name: string; ms: number; queuedMs: number }[] = [];
  for (const { id: pid } of processInfo.filter((p) => p.type === "renderer")) {
    for (const tid of readdirSync(`/proc/${pid}/task`).map(Number)) {
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").trim();
      // schedstat: time on a CPU, time waiting on a run queue (runnable, no core free), in ns; timeslices.
      const [run, queued] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ").map(Number);
      threads.push({ pid, tid, name, ms: run / 1e6, queuedMs: queued / 1e6 });
    }
  }
  return threads;
}

/**
 * What one click cost in CPU: the identifier's worker (the dedicated worker thread that ran most between the two
 * readings: the other pages' identifiers are idle then) and its page's main thread (which also draws the video).
 */
export function clickCpu(before: Awaited<ReturnType<typeof rendererThreadsCpu>>, after: Awaited<ReturnType<typeof rendererThreadsCpu>>) {
  const was = new Map(before.map((t) => [`${t.pid}/${t.tid}`, t]));
  const ran = after.map((t) => {
    const then = was.get(`${t.pid}/${t.tid}`);
    return { ...t, ms: t.ms - (then?.ms ?? 0), queuedMs: t.queuedMs - (then?.queuedMs ?? 0) };
  });
  const worker = ran.filter((t) => t.name.startsWith("DedicatedWorker")).sort((a, b) => b.ms - a.ms)[0];
  const main = worker ? ran.find((t) => t.pid === worker.pid && t.tid === worker.pid) : undefined;
  return {
    worker: Math.round(worker?.ms ?? NaN),
    main: Math.round(main?.ms ?? NaN),
    /** How long each was ready to run but waited for a core (the shared machine's share of the wall time). */
    workerQueued: Math.round(worker?.queuedMs ?? NaN),
    mainQueued: Math.round(main?.queuedMs ?? NaN),
  };
}
