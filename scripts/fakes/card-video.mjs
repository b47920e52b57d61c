// A fake camera looking at a card on a table, for the click-to-identify browser test (issue 26): Chromium plays a
// Y4M file as its camera with --use-file-for-fake-video-capture. Also the scene drawing the benchmark
// (bench/card-identify.mjs) uses: cards drawn in perspective onto a table-coloured background, in float RGB.
//   node scripts/fakes/card-video.mjs out.y4m ["Card name"]
import { writeFileSync } from "node:fs";
import { renderCardRgba, seededRandom } from "./card-art.mjs";
import { fixtureCards } from "./card-fixtures.mjs";

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

/** A card's corners as a camera sees it when the card is tilted `tilt` radians out of the table's plane about an
 * axis lying `axis` radians from the card's long side (a pinhole camera 2.5 card heights away), then turned by
 * `angle` in the picture and centred on cx,cy. `height` is the card's height were it facing the camera. */
export function tiltedCorners(cx, cy, height, angle, tilt = 0, axis = 0, aspect = 63 / 88) {
  const w = height * aspect;
  const ax = Math.cos(axis);
  const ay = Math.sin(axis);
  const c = Math.cos(tilt);
  const s = Math.sin(tilt);
  const distance = 2.5 * height;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return [
    [-w / 2, -height / 2],
    [w / 2, -height / 2],
    [w / 2, height / 2],
    [-w / 2, height / 2],
  ].map(([x, y]) => {
    // Rodrigues' rotation about the in-plane axis (ax, ay, 0).
    const along = x * ax + y * ay;
    const px = along * ax + (x - along * ax) * c;
    const py = along * ay + (y - along * ay) * c;
    const pz = (ay * x - ax * y) * s;
    const k = distance / (distance + pz);
    const u = px * k;
    const v = py * k;
    return { x: cx + u * cos - v * sin, y: cy + u * sin + v * cos };
  });
}

/** Sleeves as a camera sees them: an opaque coloured back showing round a clear front (66×91 mm round a 63×88 card). */
export const SLEEVE_COLOURS = [
  [20, 20, 24],
  [30, 60, 150],
  [150, 30, 35],
  [230, 230, 235],
  [40, 110, 60],
  [90, 50, 120],
];

/** A card picture (float RGB from cardPicture) inside a sleeve of `colour`: the sleeve's border round it and the clear front's haze over it. */
export function sleevedPicture(picture, colour, haze = 0.06) {
  const mx = Math.max(1, Math.round((picture.width * 1.5) / 63));
  const my = Math.max(1, Math.round((picture.height * 1.5) / 88));
  const w = picture.width + 2 * mx;
  const h = picture.height + 2 * my;
  const data = new Float32Array(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const o = (y * w + x) * 3;
      const px = x - mx;
      const py = y - my;
      const inside = px >= 0 && py >= 0 && px < picture.width && py < picture.height;
      for (let c = 0; c < 3; c++) {
        const v = inside ? picture.data[(py * picture.width + px) * 3 + c] : colour[c];
        data[o + c] = v * (1 - haze) + 235 * haze;
      }
    }
  return { width: w, height: h, data };
}

/** Glare on a glossy sleeve: soft bright ellipses inside the quad (from `random`), saturating where they peak. */
export function addGlare(frame, frameW, frameH, quad, random, count = 1 + Math.floor(random() * 2)) {
  const size = Math.hypot(quad[2].x - quad[0].x, quad[2].y - quad[0].y) / 1.23;
  for (let g = 0; g < count; g++) {
    const u = 0.15 + random() * 0.7;
    const v = 0.1 + random() * 0.8;
    const x = (1 - v) * ((1 - u) * quad[0].x + u * quad[1].x) + v * ((1 - u) * quad[3].x + u * quad[2].x);
    const y = (1 - v) * ((1 - u) * quad[0].y + u * quad[1].y) + v * ((1 - u) * quad[3].y + u * quad[2].y);
    const rx = size * (0.08 + random() * 0.18);
    const ry = rx * (0.3 + random() * 0.7);
    const turn = random() * Math.PI;
    const strength = 0.6 + random() * 0.5;
    const x0 = Math.max(0, Math.floor(x - 2 * rx));
    const x1 = Math.min(frameW - 1, Math.ceil(x + 2 * rx));
    const y0 = Math.max(0, Math.floor(y - 2 * rx));
    const y1 = Math.min(frameH - 1, Math.ceil(y + 2 * rx));
    for (let py = y0; py <= y1; py++)
      for (let px = x0; px <= x1; px++) {
        const dx = px - x;
        const dy = py - y;
        const a = (dx * Math.cos(turn) + dy * Math.sin(turn)) / rx;
        const b = (-dx * Math.sin(turn) + dy * Math.cos(turn)) / ry;
        const k = strength * Math.exp(-(a * a + b * b));
        if (k < 0.01) continue;
        const o = (py * frameW + px) * 3;
        for (let c = 0; c < 3; c++) frame[o + c] = frame[o + c] * (1 - k) + 255 * k * 1.15;
      }
  }
}

/** A printed playmat as float RGB: a painted gradient, large soft shapes in strong colours and a fine grain. */
export function playmatFrame(width, height, random) {
  const pick = () => [random() * 200 + 20, random() * 200 + 20, random() * 200 + 20];
  const top = pick();
  const bottom = pick();
  const frame = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const t = (y / height) * 0.7 + (x / width) * 0.3;
      const o = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) frame[o + c] = top[c] * (1 - t) + bottom[c] * t;
    }
  const shapes = 14 + Math.floor(random() * 10);
  for (let k = 0; k < shapes; k++) {
    const colour = pick();
    const cx = random() * width;
    const cy = random() * height;
    const r = (0.05 + random() * 0.25) * height;
    const stretch = 0.3 + random() * 2.5;
    const alpha = 0.35 + random() * 0.55;
    const turn = random() * Math.PI;
    const x0 = Math.max(0, Math.floor(cx - r * 3));
    const x1 = Math.min(width - 1, Math.ceil(cx + r * 3));
    const y0 = Math.max(0, Math.floor(cy - r * 3));
    const y1 = Math.min(height - 1, Math.ceil(cy + r * 3));
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) {
        const dx = x - cx;
        const dy = y - cy;
        const a = (dx * Math.cos(turn) + dy * Math.sin(turn)) / (r * stretch);
        const b = (-dx * Math.sin(turn) + dy * Math.cos(turn)) / r;
        const d = a * a + b * b;
        if (d > 1.3) continue;
        // Soft-edged, some with a hard painted edge.
        const k = alpha * (d < 1 ? 1 : (1.3 - d) / 0.3);
        const o = (y * width + x) * 3;
        for (let c = 0; c < 3; c++) frame[o + c] = frame[o + c] * (1 - k) + colour[c] * k;
      }
  }
  for (let i = 0; i < frame.length; i += 3) {
    const grain = (random() - 0.5) * 18;
    frame[i] += grain;
    frame[i + 1] += grain;
    frame[i + 2] += grain;
  }
  return frame;
}

/** A linear motion blur of `length` pixels at `angle` (a card or camera moving while the shutter is open). */
export function motionBlur(frame, width, height, length, angle) {
  const n = Math.max(1, Math.round(length));
  if (n <= 1) return frame;
  const dx = Math.cos(angle);
  const dy = Math.sin(angle);
  const out = new Float32Array(frame.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      let r = 0;
      let g = 0;
      let b = 0;
      for (let k = 0; k < n; k++) {
        const t = k - (n - 1) / 2;
        const sx = Math.min(width - 1, Math.max(0, Math.round(x + dx * t)));
        const sy = Math.min(height - 1, Math.max(0, Math.round(y + dy * t)));
        const s = (sy * width + sx) * 3;
        r += frame[s];
        g += frame[s + 1];
        b += frame[s + 2];
      }
      out[o] = r / n;
      out[o + 1] = g / n;
      out[o + 2] = b / n;
    }
  return out;
}

/** Where the video's card lies, as fractions of the frame (the browser test clicks there). */
export const VIDEO_CARD = { x: 0.4, y: 0.5, height: 0.62, angle: -0.08 };
export const VIDEO_SIZE = { width: 640, height: 480 };

/**
 * The fake camera's picture, float RGB: the named fixture card with a second card of the set beside it, still.
 * `realistic` (the default) puts both in blue sleeves on a printed playmat, with glare on the named card's sleeve:
 * what a webcam over a Commander table sees. Otherwise plain cards on green felt.
 */
export function cardVideoFrame({ name = "Sol Ring", realistic = true } = {}) {
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
  return { frame, card };
}

/** The quad of a sleeve round a card's corners (1.5 mm more each side, 66×91 mm round 63×88). */
export function grownBySleeve(q) {
  const at = (u, v) => ({
    x: (1 - v) * ((1 - u) * q[0].x + u * q[1].x) + v * ((1 - u) * q[3].x + u * q[2].x),
    y: (1 - v) * ((1 - u) * q[0].y + u * q[1].y) + v * ((1 - u) * q[3].y + u * q[2].y),
  });
  const sx = 66 / 63 / 2;
  const sy = 91 / 88 / 2;
  return [at(0.5 - sx, 0.5 - sy), at(0.5 + sx, 0.5 - sy), at(0.5 + sx, 0.5 + sy), at(0.5 - sx, 0.5 + sy)];
}

/**
 * Writes a Y4M video (4:2:0, full-range BT.601, as Chromium's fake capture reads it) of `cardVideoFrame`: the
 * camera of a player showing a card.
 */
export function writeCardVideo(path, { name = "Sol Ring", seconds = 2, fps = 10, realistic = true } = {}) {
  const { width: W, height: H } = VIDEO_SIZE;
  const { frame, card } = cardVideoFrame({ name, realistic });
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
