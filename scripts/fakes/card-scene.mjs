// What a webcam adds to a card on a table, for the click-to-identify benchmark and the fake camera: a card tilted
// out of the table's plane (pinhole camera), sleeves with their border and glare, a foil's sheen, a printed playmat,
// motion blur.
// Float RGB frames, as card-video.mjs draws them.

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

/**
 * A foil card's sheen over `quad` (float RGB, in place): the foil layer's rainbow in bands across the card at a slant
 * (`strength` of each pixel's colour, so the bands change its brightness too: yellow light, blue dark), and a soft
 * bright streak where the light catches the foil. From `random`: the bands' slant, width and phase, the streak's.
 */
export function addFoilSheen(frame, frameW, frameH, quad, random) {
  const size = Math.hypot(quad[2].x - quad[0].x, quad[2].y - quad[0].y) / 1.23;
  const slant = random() * Math.PI;
  const period = size * (0.25 + random() * 0.5);
  const phase = random();
  const strength = 0.15 + random() * 0.2;
  const cx = quad.reduce((t, p) => t + p.x, 0) / 4;
  const cy = quad.reduce((t, p) => t + p.y, 0) / 4;
  const streakTurn = random() * Math.PI;
  const streakAt = (random() - 0.5) * size * 0.6;
  const streakWidth = size * (0.04 + random() * 0.1);
  const streakStrength = 0.25 + random() * 0.35;
  const x0 = Math.max(0, Math.floor(Math.min(...quad.map((p) => p.x))));
  const x1 = Math.min(frameW - 1, Math.ceil(Math.max(...quad.map((p) => p.x))));
  const y0 = Math.max(0, Math.floor(Math.min(...quad.map((p) => p.y))));
  const y1 = Math.min(frameH - 1, Math.ceil(Math.max(...quad.map((p) => p.y))));
  const rgb = [0, 0, 0];
  for (let py = y0; py <= y1; py++)
    for (let px = x0; px <= x1; px++) {
      if (!insideConvex(quad, px, py)) continue;
      const t = ((((px * Math.cos(slant) + py * Math.sin(slant)) / period + phase) % 1) + 1) % 1;
      hueToRgb(t, rgb);
      const across = (px - cx) * Math.cos(streakTurn) + (py - cy) * Math.sin(streakTurn) - streakAt;
      const k = streakStrength * Math.exp(-((across / streakWidth) ** 2));
      const o = (py * frameW + px) * 3;
      for (let c = 0; c < 3; c++) {
        const tinted = frame[o + c] * (1 - strength) + rgb[c] * strength;
        frame[o + c] = tinted * (1 - k) + 255 * k;
      }
    }
}

/** A fully saturated colour of hue `t` (0..1) as RGB 0..255, into `out`. */
function hueToRgb(t, out) {
  for (let c = 0; c < 3; c++) {
    const h = (((t * 6 + 4 - c * 2) % 6) + 6) % 6;
    out[c] = 255 * Math.max(0, Math.min(1, Math.abs(h - 3) - 1));
  }
}

/** Whether (x, y) lies inside the convex quad (either winding; on a side counts as inside). */
export function insideConvex(q, x, y) {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = q[i];
    const b = q[(i + 1) % 4];
    const cross = (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x);
    if (cross === 0) continue;
    const s = cross > 0 ? 1 : -1;
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
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
