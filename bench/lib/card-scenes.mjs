// The click-to-identify benchmark's synthetic webcam frames (bench/card-identify.mjs): one fixture card under the
// click among others, drawn the way each condition asks (sleeves and glare, a foil's sheen, playmats, sizes, tilt,
// overlap, the frame's edge, motion blur), as float RGB then 8-bit RGB with a camera's gain, gamma and noise.
import { cardPicture, drawOnQuad, TABLE_COLOURS, tableFrame } from "../../scripts/fakes/card-video.mjs";
import {
  addFoilSheen,
  addGlare,
  grownBySleeve,
  motionBlur,
  playmatFrame,
  SLEEVE_COLOURS,
  sleevedPicture,
  tiltedCorners,
} from "../../scripts/fakes/card-scene.mjs";

export const W = 1280;
export const H = 720;

/** The scene of one condition: what is drawn, where the card lies, where the click lands. */
export function sceneOptions(condition, random) {
  const o = {
    sleeve: false,
    glare: false,
    foil: false,
    playmat: false,
    heightRange: [0.2, 0.6],
    tilt: 0,
    overlap: false,
    edgeCut: false,
    blur: Math.floor(random() * 2),
    motion: 0,
  };
  switch (condition) {
    case "sleeve-glare":
      o.sleeve = o.glare = true;
      break;
    case "playmat":
      o.playmat = true;
      break;
    case "foil":
      o.foil = true;
      break;
    case "small":
      o.heightRange = [0.1, 0.25];
      break;
    case "tilt":
      o.tilt = random() * (Math.PI / 4);
      break;
    case "overlap":
      o.overlap = true;
      break;
    case "edge-cut":
      o.edgeCut = true;
      break;
    case "motion-blur":
      o.motion = 4 + random() * 10;
      break;
    case "webcam":
      o.sleeve = random() < 0.7;
      o.glare = o.sleeve && random() < 0.7;
      o.playmat = random() < 0.6;
      o.heightRange = [0.1, 0.6];
      o.tilt = random() * (Math.PI / 4);
      o.motion = random() < 0.3 ? 3 + random() * 6 : 0;
      break;
  }
  return o;
}

export const centreOf = (q) => ({ x: q.reduce((s, p) => s + p.x, 0) / 4, y: q.reduce((s, p) => s + p.y, 0) / 4 });

/** A point of a quad at (u, v) of its sides (bilinear). */
export function at(q, u, v) {
  return {
    x: (1 - v) * ((1 - u) * q[0].x + u * q[1].x) + v * ((1 - u) * q[3].x + u * q[2].x),
    y: (1 - v) * ((1 - u) * q[0].y + u * q[1].y) + v * ((1 - u) * q[3].y + u * q[2].y),
  };
}

/** One synthetic webcam frame with `target` in it: float RGB, the click, and what was drawn. */
export function makeFrame(random, condition, target, distractors, pictures) {
  const o = sceneOptions(condition, random);
  const frame = o.playmat
    ? playmatFrame(W, H, random)
    : tableFrame(W, H, TABLE_COLOURS[Math.floor(random() * TABLE_COLOURS.length)], (random() - 0.5) * 40, (random() - 0.5) * 40);
  const heightFraction = o.heightRange[0] + random() * (o.heightRange[1] - o.heightRange[0]);
  const height = H * heightFraction;
  const upsideDown = random() < 0.1;
  const angle = (random() - 0.5) * (Math.PI / 6) + (upsideDown ? Math.PI : 0);
  const axis = random() * Math.PI;
  const sleeveColour = SLEEVE_COLOURS[Math.floor(random() * SLEEVE_COLOURS.length)];
  // The card's own corners (for the click) and what is drawn (the sleeve's, when sleeved).
  const place = (cx, cy) => tiltedCorners(cx, cy, height, angle, o.tilt, axis);
  const margin = height * 0.55;
  let cx = margin + random() * (W - 2 * margin);
  let cy = Math.min(H - margin, Math.max(margin, margin + random() * (H - 2 * margin)));
  if (o.edgeCut) {
    // A sixth to a third of the card past one of the frame's edges.
    const cut = 1 / 6 + random() * (1 / 6);
    const edge = Math.floor(random() * 4);
    const width = height * (63 / 88);
    if (edge === 0) cx = width * (0.5 - cut);
    if (edge === 1) cx = W - width * (0.5 - cut);
    if (edge === 2) cy = height * (0.5 - cut);
    if (edge === 3) cy = H - height * (0.5 - cut);
  }
  const quad = place(cx, cy);
  const drawCard = (id, q, h, sleeved, colour) => {
    const picture = cardPicture(pictures.get(id), h * 1.05);
    if (!sleeved) return drawOnQuad(frame, W, H, picture, q);
    drawOnQuad(frame, W, H, sleevedPicture(picture, colour), grownBySleeve(q));
  };
  // Other cards of the table around it, not on it.
  const placed = [{ x: cx, y: cy, r: height * 0.62 }];
  for (let k = 0, tries = 0; k < distractors.length && tries < 60; tries++) {
    const dh = H * (o.heightRange[0] + random() * (o.heightRange[1] - o.heightRange[0]));
    const dx = random() * W;
    const dy = random() * H;
    const r = dh * 0.62;
    if (placed.some((p) => Math.hypot(p.x - dx, p.y - dy) < p.r + r + 6)) continue;
    placed.push({ x: dx, y: dy, r });
    drawCard(distractors[k++].id, tiltedCorners(dx, dy, dh, (random() - 0.5) * 0.8, o.tilt, axis), dh, o.sleeve, sleeveColour);
  }
  drawCard(target.id, quad, height, o.sleeve, sleeveColour);
  if (o.foil) addFoilSheen(frame, W, H, quad, random);
  if (o.glare) addGlare(frame, W, H, quad, random);
  // The click: within the middle of the art box, as a player clicks the picture.
  let click = at(upsideDown ? [quad[2], quad[3], quad[0], quad[1]] : quad, 0.3 + random() * 0.4, 0.2 + random() * 0.3);
  if (o.overlap) {
    // Another card over a corner or side of this one, not over the click.
    const other = distractors[0];
    for (let tries = 0; tries < 20; tries++) {
      const corner = quad[Math.floor(random() * 4)];
      const toward = centreOf(quad);
      const t = 0.25 + random() * 0.2;
      const ox = corner.x + (toward.x - corner.x) * t;
      const oy = corner.y + (toward.y - corner.y) * t;
      const oq = tiltedCorners(
        ox + (corner.x - toward.x) * 0.45,
        oy + (corner.y - toward.y) * 0.45,
        height,
        angle + (random() - 0.5) * 1.2,
        o.tilt,
        axis,
      );
      if (insideQuad(oq, click)) continue;
      drawCard(other.id, oq, height, o.sleeve, sleeveColour);
      break;
    }
  }
  if (o.edgeCut && (click.x < 4 || click.y < 4 || click.x > W - 4 || click.y > H - 4)) {
    click = { x: Math.min(W - 8, Math.max(8, click.x)), y: Math.min(H - 8, Math.max(8, click.y)) };
  }
  let pixels = o.motion > 0 ? motionBlur(frame, W, H, o.motion, random() * Math.PI) : frame;
  if (o.blur > 0) pixels = motionBlur(motionBlur(pixels, W, H, o.blur * 2 + 1, 0), W, H, o.blur * 2 + 1, Math.PI / 2);
  const gain = 0.6 + random() * 0.7;
  const offset = (random() - 0.5) * 40;
  const gamma = 0.8 + random() * 0.45;
  const rgb = new Uint8ClampedArray(W * H * 3);
  for (let i = 0; i < pixels.length; i++) {
    rgb[i] =
      255 * Math.pow(Math.max(0, Math.min(255, pixels[i])) / 255, gamma) * gain + offset + (random() + random() + random() - 1.5) * 6;
  }
  return { rgb, click, quad, heightFraction, options: o, upsideDown };
}

export function insideQuad(q, p) {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = q[i];
    const b = q[(i + 1) % 4];
    const c = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    const s = c > 0 ? 1 : -1;
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}

export function rgbToRgba(rgb, width, height) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0, j = 0; i < rgb.length; i += 3, j += 4) {
    data[j] = rgb[i];
    data[j + 1] = rgb[i + 1];
    data[j + 2] = rgb[i + 2];
    data[j + 3] = 255;
  }
  return { width, height, data };
}
