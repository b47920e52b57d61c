// What the click-to-identify browser specs share (issue 36): a fake camera's video of two printings, where a point
// of its picture is on a tile, and how a click is measured (the page's own figures, and the CPU it cost).
import { writeFileSync } from "node:fs";
import type { Browser, BrowserContext, BrowserType, Locator, Page, TestInfo } from "@playwright/test";
import { expect } from "./fixtures";
import { recordPeerConnections, videoDecoded } from "./peer-connections";
import { scaled } from "./time-budget";
import { CHROMIUM_ARGS } from "../playwright.config";
import { renderCardRgba } from "../scripts/fakes/card-art.mjs";
import { fixtureCards, fixturePrintings, type FixtureCard } from "../scripts/fakes/card-fixtures.mjs";

export const MEDIA_TIMEOUT = scaled(30_000);
export const W = 640;
export const H = 480;
/** The two cards' centres (fractions of the frame) and their height. */
export const LEFT = { x: 0.27, y: 0.5 };
export const RIGHT = { x: 0.73, y: 0.5 };
export const CARD_HEIGHT = 0.6;

/** A browser whose fake camera plays `video` (a Y4M file): the player showing cards at the table. */
export function cameraBrowser(chromium: BrowserType, testInfo: TestInfo, video: string): Promise<Browser> {
  return chromium.launch({
    ...testInfo.project.use.launchOptions,
    args: [...CHROMIUM_ARGS, `--use-file-for-fake-video-capture=${video}`],
  });
}

/** Lets `expectSharp` read what the context's pages decode: call before a page opens the room. */
export async function watchVideo(context: BrowserContext) {
  await context.addInitScript(recordPeerConnections);
}

/**
 * The most a sharp picture's frames are quantized on average (VP8's scale, 0–127). WebRTC starts a stream at a low
 * bitrate and raises it as the link proves itself: a member who has just joined decodes the covered card's first
 * half-seconds at QP ~100, 37, 9, 3, then 2 from about two seconds on (the fake camera's still picture), and a click
 * on a coarse frame rightly finds no card: the keypoint fit missed the covered card on a frame at QP ~9 and named it
 * at 2.
 */
const SHARP_QP = 4;

/** Waits until a remote player's video plays a sharp picture (the fake camera's, at least 640 px wide). */
export async function expectPlaying(video: Locator) {
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => (!el.paused ? el.videoWidth : 0)), { timeout: MEDIA_TIMEOUT })
    .toBeGreaterThanOrEqual(640);
  await expectSharp(video.page());
}

/**
 * Waits until the video the page decoded since its last look came at SHARP_QP or finer (the page's context must
 * `watchVideo` before it opens the room: without it nothing is read and the wait fails).
 */
export async function expectSharp(page: Page) {
  let last = await videoDecoded(page);
  await expect
    .poll(
      async () => {
        const now = await videoDecoded(page);
        const frames = now.frames - last.frames;
        const qp = frames > 0 ? (now.qpSum - last.qpSum) / frames : Number.POSITIVE_INFINITY;
        last = now;
        return qp;
      },
      { message: "the page's received video sharpened (QP of the frames since the last look)", timeout: MEDIA_TIMEOUT },
    )
    .toBeLessThanOrEqual(SHARP_QP);
}

/** A printing of the fake card service by name and set. */
export function printing(name: string, set: string): FixtureCard {
  const found = [...fixtureCards(), ...fixturePrintings()].find((c) => c.name === name && c.set === set);
  if (!found) throw new Error(`No fixture printing ${name} (${set})`);
  return found;
}

/**
 * A Y4M video (4:2:0, as Chromium's fake camera reads it) of two printings upright on green felt, still: the cards
 * drawn from the fake's own pictures (card-art.mjs), sampled down to their place.
 */
export function writeVideo(path: string, left: FixtureCard, right: FixtureCard) {
  const rgb = new Float32Array(W * H * 3);
  for (let i = 0; i < W * H; i++) rgb.set([48, 110, 70], i * 3);
  for (const [card, at] of [
    [left, LEFT],
    [right, RIGHT],
  ] as const) {
    const picture = renderCardRgba(card);
    const h = Math.round(H * CARD_HEIGHT);
    const w = Math.round((h * picture.width) / picture.height);
    const x0 = Math.round(W * at.x - w / 2);
    const y0 = Math.round(H * at.y - h / 2);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        // Area-averaged from the picture (a camera sees a card's detail blurred, not aliased).
        let r = 0;
        let g = 0;
        let b = 0;
        let n = 0;
        for (let sy = Math.floor((y * picture.height) / h); sy < Math.floor(((y + 1) * picture.height) / h); sy++)
          for (let sx = Math.floor((x * picture.width) / w); sx < Math.floor(((x + 1) * picture.width) / w); sx++) {
            const s = (sy * picture.width + sx) * 4;
            r += picture.data[s];
            g += picture.data[s + 1];
            b += picture.data[s + 2];
            n++;
          }
        rgb.set([r / n, g / n, b / n], ((y0 + y) * W + x0 + x) * 3);
      }
  }
  const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
  const yPlane = Buffer.alloc(W * H);
  const u = Buffer.alloc((W / 2) * (H / 2));
  const v = Buffer.alloc((W / 2) * (H / 2));
  for (let i = 0; i < W * H; i++) yPlane[i] = clamp(0.299 * rgb[i * 3] + 0.587 * rgb[i * 3 + 1] + 0.114 * rgb[i * 3 + 2]);
  for (let cy = 0; cy < H / 2; cy++)
    for (let cx = 0; cx < W / 2; cx++) {
      const o = (cy * 2 * W + cx * 2) * 3;
      const [r, g, b] = [rgb[o], rgb[o + 1], rgb[o + 2]];
      u[cy * (W / 2) + cx] = clamp(-0.168736 * r - 0.331264 * g + 0.5 * b + 128);
      v[cy * (W / 2) + cx] = clamp(0.5 * r - 0.418688 * g - 0.081312 * b + 128);
    }
  const frame = Buffer.concat([Buffer.from("FRAME\n"), yPlane, u, v]);
  writeFileSync(
    path,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: 20 }, () => frame)]),
  );
}

/** The target for a click, the first included: from the click to the answer. */
export const TARGET_MS = 300;

/**
 * Waits for the identifier to be ready in the background (prefetch.ts: its worker, the table's complete references
 * or the whole pool, one made-up identification: the page's "card-identify-ready" mark). With `size`, ready for that
 * many references (a page that got some decks' lists first marks a smaller table ready first). Its worker's fit runs
 * WebAssembly SIMD (the mark's `scan`), not the JavaScript it falls back to (card-vision/descriptor-scan.ts).
 */
export async function identifierReady(page: Page, source: "table" | "pool", size?: number) {
  await expect
    .poll(
      () =>
        page.evaluate(
          ({ source, size }) => {
            type Detail = { source: string; size: number; pending: number; scan?: string } | null;
            const ready = performance
              .getEntriesByName("card-identify-ready")
              .map((e) => (e as PerformanceMark).detail as Detail)
              .find((d) => d?.source === source && d.size > 0 && d.pending === 0 && (size === undefined || d.size === size));
            return ready ? (ready.scan ?? "no scan") : "not ready";
          },
          { source, size },
        ),
      { timeout: MEDIA_TIMEOUT },
    )
    .toBe("wasm-simd");
}

/**
 * Waits for the page to hold the table's keypoints and their vote (identifier-client.ts `prepareTableKeypoints`,
 * fetched once the viewer may click: here a pointer over `tile`): every printing's, `printings` of them.
 */
export async function keypointsReady(page: Page, tile: Locator, printings: number) {
  await tile.hover();
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          performance
            .getEntriesByName("card-identify-keypoints-ready")
            .map((e) => ((e as PerformanceMark).detail as { printings: number }).printings)
            .at(-1),
        ),
      // The server may still be making some (its queue's work): the page asks for those again, every 8 s at most.
      { timeout: scaled(90_000) },
    )
    .toBe(printings);
}

/** Records the page's main-thread tasks over 50 ms from now on (the browser's Long Tasks API). */
export async function watchLongTasks(page: Page) {
  await page.evaluate(() => {
    const tasks: number[] = [];
    (window as unknown as { longTasks: number[] }).longTasks = tasks;
    new PerformanceObserver((list) => tasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: "longtask" });
    // The long animation frames too (Chromium's LoAF): what in them was script (and whose), and what style and layout.
    const frames: string[] = [];
    (window as unknown as { longFrames: string[] }).longFrames = frames;
    type Script = { invoker: string; sourceURL: string; duration: number; forcedStyleAndLayoutDuration: number };
    type Frame = PerformanceEntry & { renderStart: number; styleAndLayoutStart: number; blockingDuration: number; scripts: Script[] };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Frame[]) {
        const scripts = e.scripts
          .map(
            (s) =>
              `${s.invoker} ${s.sourceURL.split("/").at(-1)} ${Math.round(s.duration)} ms (forced layout ${Math.round(s.forcedStyleAndLayoutDuration)})`,
          )
          .join("; ");
        const render = e.renderStart ? Math.round(e.startTime + e.duration - e.renderStart) : 0;
        const layout = e.styleAndLayoutStart ? Math.round(e.startTime + e.duration - e.styleAndLayoutStart) : 0;
        frames.push(`at ${Math.round(e.startTime)} ${Math.round(e.duration)} ms (render ${render}, style+layout ${layout}): ${scripts}`);
      }
    }).observe({ type: "long-animation-frame" });
  });
}

/**
 * The click's figures as the page measured them (performance.measure in card-identify/): from the click event to the
 * answer, from the frame read to the answer, what of that waited for the identifier to be ready, the identification
 * timed inside its worker, and the background preparation before the click; and the longest main-thread task since
 * watchLongTasks (the page must not freeze while a card is identified).
 */
export async function firstClickFigures(page: Page) {
  return page.evaluate(() => {
    const last = (name: string) => Math.round(performance.getEntriesByName(name).at(-1)?.duration ?? NaN);
    const tasks = (window as unknown as { longTasks?: number[] }).longTasks ?? [];
    return {
      click: last("card-identify-click"),
      frame: last("card-identify"),
      wait: last("card-identify-wait"),
      /** Whether the click found its candidates at hand and posted its frame at once (identifier-client.ts). */
      atOnce: (
        (performance.getEntriesByName("card-identify-wait").at(-1) as PerformanceMeasure | undefined)?.detail as { atOnce?: boolean } | null
      )?.atOnce,
      match: last("card-identify-match"),
      /** The click's way, step by step (card-identify-panel.tsx, identifier-client.ts). */
      open: last("card-identify-open"),
      read: last("card-identify-read"),
      post: last("card-identify-post"),
      reply: last("card-identify-reply"),
      parse: last("card-identify-parse"),
      render: last("card-identify-render"),
      prepare: last("card-identify-prepare"),
      longestTask: Math.round(Math.max(0, ...tasks)),
      longFrames: (window as unknown as { longFrames?: string[] }).longFrames ?? [],
      clickAt: Math.round(performance.getEntriesByName("card-identify-click").at(-1)?.startTime ?? NaN),
      /** Requests for references or the pool since the click (the click should wait for none). */
      requestsSinceClick: performance
        .getEntriesByType("resource")
        .filter(
          (e) =>
            /card-references|card-pool/.test(e.name) &&
            e.startTime >= (performance.getEntriesByName("card-identify-click").at(-1)?.startTime ?? 0),
        ).length,
      /** Everything the page loaded since the click (a chunk, keypoints, references): the click should need none. */
      loadedSinceClick: performance
        .getEntriesByType("resource")
        .filter((e) => e.startTime >= (performance.getEntriesByName("card-identify-click").at(-1)?.startTime ?? 0))
        .map((e) => new URL(e.name).pathname),
    };
  });
}

/**
 * What a first click may assert on a shared machine, where its wall time is the machine's: that it waited for nothing.
 * Its frame went to the worker in the click's own work (its candidates at hand: "card-identify-wait"'s detail), the
 * worker's way was measured, and nothing was loaded for it (no code, no references, no pool, no keypoints): only
 * the answer's pictures.
 */
export function expectWaitedForNothing(figures: Awaited<ReturnType<typeof firstClickFigures>>) {
  expect(figures.atOnce).toBe(true);
  expect(figures.post).toBeGreaterThanOrEqual(0);
  expect(figures.requestsSinceClick).toBe(0);
  expect(figures.loadedSinceClick.filter((path) => !path.startsWith("/images/"))).toEqual([]);
}

/** Where a point of the camera's picture is on the tile (the picture is shown object-contain). */
export async function tilePoint(video: Locator, at: { x: number; y: number }) {
  const size = await video.evaluate((el: HTMLVideoElement) => ({
    vw: el.videoWidth,
    vh: el.videoHeight,
    w: el.clientWidth,
    h: el.clientHeight,
  }));
  const scale = Math.min(size.w / size.vw, size.h / size.vh);
  return { x: (size.w - size.vw * scale) / 2 + at.x * size.vw * scale, y: (size.h - size.vh * scale) / 2 + at.y * size.vh * scale };
}
