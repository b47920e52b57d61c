// A fake camera looking at a card on a table, for the click-to-identify browser test (issue 26): Chromium plays a
// Y4M file as its camera with --use-file-for-fake-video-capture. Also the scene drawing the benchmark
// (bench/card-identify.mjs) uses: cards drawn in perspective onto a table-coloured background, in float RGB.
//   node scripts/fakes/card-video.mjs out.y4m ["Card name"]
import { writeFileSync } from "node:fs";
import { renderCardRgba, seededRandom } from "./card-art.mjs";
import { fixtureCards } from "./card-fixtures.mjs";
import { addGlare, grownBySleeve, playmatFrame, SLEEVE_COLOURS, sleevedPicture } from "./card-scene.mjs";

/** Tables seen from above: green felt, wood, a blue playmat, a grey desk, light wood. */
export const TABLE_COLOURS = [
  [38, 92, 58],
  [112, 78, 50],
  [40, 60, 110],
  [95, 95, 100],
  [150, 130, 100],
];

/** A card picture (RGBA from renderCardRgba) as float RGB, averaged down (box filter) to about `height` pixels high, as a lens sees it. */
export function cardPicture(rgba, height) {
  const factor = Math.max(1, Math.floor(rgba.height / height));
  const w = Math.floor(rgba.width / factor);
  const h = Math.floor(rgba.height / factor);
  const data = new Float32Array(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      for (let c = 0; c < 3; c++) {
        let s = 0;
        for (let dy = 0; dy < factor; dy++)
          for (let dx = 0; dx < factor; dx++) s += rgba.data[((y * factor + dy) * rgba.width + x * factor + dx) * 4 + c];
        data[(y * w + x) * 3 + c] = s / (factor * factor);
      }
  return { width: w, height: h, data };
}

/** The corners (top-left, top-right, bottom-right, bottom-left) of a card of `height` centred at cx,cy, turned by `angle`. */
export function cardCorners(cx, cy, height, angle) {
  const w = height * (63 / 88);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return [
    [-w / 2, -height / 2],
    [w / 2, -height / 2],
    [w / 2, height / 2],
    [-w / 2, height / 2],
  ].map(([x, y]) => ({ x: cx + x * cos - y * sin, y: cy + x * sin + y * cos }));
}

/** The homography taking the quad's corners to the rectangle 0..w × 0..h (frame pixel → picture pixel). */
function quadToRect(quad, w, h) {
  const dst = [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ];
  const a = [];
  for (let i = 0; i < 4; i++) {
    const { x, y } = quad[i];
    const [u, v] = dst[i];
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  // Gauss-Jordan on the 8×9 augmented matrix.
  for (let col = 0; col < 8; col++) {
    let pivot = col;
    for (let r = col + 1; r < 8; r++) if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) pivot = r;
    [a[col], a[pivot]] = [a[pivot], a[col]];
    for (let r = 0; r < 8; r++) {
      if (r === col) continue;
      const f = a[r][col] / a[col][col];
      for (let c = col; c < 9; c++) a[r][c] -= f * a[col][c];
    }
  }
  return [...a.map((row, i) => row[8] / row[i]), 1];
}

/** Draws a float-RGB picture onto the quad of a float-RGB frame (bilinear). */
export function drawOnQuad(frame, frameW, frameH, picture, quad) {
  const m = quadToRect(quad, picture.width, picture.height);
  const x0 = Math.max(0, Math.floor(Math.min(...quad.map((p) => p.x))));
  const x1 = Math.min(frameW - 1, Math.ceil(Math.max(...quad.map((p) => p.x))));
  const y0 = Math.max(0, Math.floor(Math.min(...quad.map((p) => p.y))));
  const y1 = Math.min(frameH - 1, Math.ceil(Math.max(...quad.map((p) => p.y))));
  const { width: pw, height: ph, data: p } = picture;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const cx = x + 0.5;
      const cy = y + 0.5;
      const z = m[6] * cx + m[7] * cy + m[8];
      const u = (m[0] * cx + m[1] * cy + m[2]) / z - 0.5;
      const v = (m[3] * cx + m[4] * cy + m[5]) / z - 0.5;
      if (u < -0.5 || v < -0.5 || u > pw - 0.5 || v > ph - 0.5) continue;
      const ua = Math.min(pw - 1, Math.max(0, Math.floor(u)));
      const va = Math.min(ph - 1, Math.max(0, Math.floor(v)));
      const ub = Math.min(pw - 1, ua + 1);
      const vb = Math.min(ph - 1, va + 1);
      const fu = Math.min(1, Math.max(0, u - ua));
      const fv = Math.min(1, Math.max(0, v - va));
      const o = (y * frameW + x) * 3;
      for (let c = 0; c < 3; c++) {
        const top = p[(va * pw + ua) * 3 + c] * (1 - fu) + p[(va * pw + ub) * 3 + c] * fu;
        const bottom = p[(vb * pw + ua) * 3 + c] * (1 - fu) + p[(vb * pw + ub) * 3 + c] * fu;
        frame[o + c] = top * (1 - fv) + bottom * fv;
      }
    }
  }
}

/** A table of one colour with a gentle light falloff, as float RGB. */
export function tableFrame(width, height, colour, shadeX = 12, shadeY = -10) {
  const frame = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const shade = (shadeX * x) / width + (shadeY * y) / height;
      const o = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) frame[o + c] = colour[c] + shade;
    }
  return frame;
}

/** Where the video's card lies, as fractions of the frame (the browser test clicks there). */
export const VIDEO_CARD = { x: 0.4, y: 0.5, height: 0.62, angle: -0.08 };
export const VIDEO_SIZE = { width: 640, height: 480 };

/**
 * The fake camera's picture, float RGB: the named fixture card with a second card of the set beside it, still.
 * `realistic` (the default) puts both in blue sleeves on a printed playmat, with glare on the named card's sleeve:
 * what a webcam over a Commander table sees. Otherwise plain cards on green felt.
 */
/**
 * With `covered`, the named card's lower part lies under another sleeved card (`coverName`), whose top edge crosses
 * it at `covered` of its height (its art's lower part hidden): the browser test's card for the keypoint fit. The
 * click then goes to COVERED_CLICK, on the name and the art's top.
 */
export const COVERED_CLICK = { x: 0.4, y: 0.3 };

export function cardVideoFrame({
  name = "Sol Ring",
  realistic = true,
  covered = 0,
  coverName = "Command Tower",
  coverDx = 0.05,
  coverAngle = 0.12,
} = {}) {
  const { width: W, height: H } = VIDEO_SIZE;
  const cards = fixtureCards();
  const card = cards.find((c) => c.name === name);
  if (!card) throw new Error(`No fixture card named ${name}`);
  const other = cards.find((c) => c.name === "Command Tower");
  const random = seededRandom(`fake camera ${name}`);
  const frame = realistic ? playmatFrame(W, H, random) : tableFrame(W, H, TABLE_COLOURS[0]);
  const h = H * VIDEO_CARD.height;
  const draw = (c, height, corners) => {
    const picture = cardPicture(renderCardRgba(c), height * 1.05);
    if (!realistic) return drawOnQuad(frame, W, H, picture, corners);
    drawOnQuad(frame, W, H, sleevedPicture(picture, SLEEVE_COLOURS[1]), grownBySleeve(corners));
  };
  draw(other, H * 0.4, cardCorners(W * 0.82, H * 0.45, H * 0.4, 0.2));
  const corners = cardCorners(W * VIDEO_CARD.x, H * VIDEO_CARD.y, h, VIDEO_CARD.angle);
  draw(card, h, corners);
  if (realistic) addGlare(frame, W, H, corners, random, 2);
  if (covered > 0) {
    const cover = cards.find((c) => c.name === coverName);
    if (!cover) throw new Error(`No fixture card named ${coverName}`);
    // The cover's top edge at `covered` of the card's height (measured from the card's top), a little turned and
    // to the right, its own bottom past the frame's edge.
    const top = H * VIDEO_CARD.y - h / 2 + covered * h;
    const coverCorners = cardCorners(W * (VIDEO_CARD.x + coverDx), top + h / 2, h, coverAngle);
    draw(cover, h, coverCorners);
  }
  return { frame, card };
}

/**
 * Writes a Y4M video (4:2:0, full-range BT.601, as Chromium's fake capture reads it) of `cardVideoFrame`: the
 * camera of a player showing a card.
 */
export function writeCardVideo(path, { name = "Sol Ring", seconds = 2, fps = 10, realistic = true, covered = 0 } = {}) {
  const { width: W, height: H } = VIDEO_SIZE;
  const { frame, card } = cardVideoFrame({ name, realistic, covered });
  const y = Buffer.alloc(W * H);
  const u = Buffer.alloc((W / 2) * (H / 2));
  const v = Buffer.alloc((W / 2) * (H / 2));
  const clamp = (n) => Math.max(0, Math.min(255, Math.round(n)));
  for (let i = 0; i < W * H; i++) y[i] = clamp(0.299 * frame[i * 3] + 0.587 * frame[i * 3 + 1] + 0.114 * frame[i * 3 + 2]);
  for (let cy = 0; cy < H / 2; cy++)
    for (let cx = 0; cx < W / 2; cx++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ]) {
        const o = ((cy * 2 + dy) * W + cx * 2 + dx) * 3;
        r += frame[o] / 4;
        g += frame[o + 1] / 4;
        b += frame[o + 2] / 4;
      }
      u[cy * (W / 2) + cx] = clamp(-0.168736 * r - 0.331264 * g + 0.5 * b + 128);
      v[cy * (W / 2) + cx] = clamp(0.5 * r - 0.418688 * g - 0.081312 * b + 128);
    }
  const header = Buffer.from(`YUV4MPEG2 W${W} H${H} F${fps}:1 Ip A1:1 C420jpeg\n`);
  const one = Buffer.concat([Buffer.from("FRAME\n"), y, u, v]);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: seconds * fps }, () => one)]));
  return { path, card };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [path = "card.y4m", name] = process.argv.slice(2);
  const { card } = writeCardVideo(path, name ? { name } : {});
  console.log(`Wrote ${path}: ${card.name}`);
}
