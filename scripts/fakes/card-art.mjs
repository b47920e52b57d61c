// Card images the project draws itself, for the fake card service, the click-to-identify benchmark and the fake
// camera's video: a card-shaped picture (border, name bar, art box, type bar, text box) whose art and "text"
// blocks are drawn from a seed, so every fixture card looks different and the same card looks the same every run.
// Pure JavaScript over RGBA buffers (no canvas in Node), with a small PNG encoder (zlib's deflate).
import { deflateSync } from "node:zlib";

/** Scryfall's "normal" image size; other sizes scale from it. */
export const CARD_WIDTH = 488;
export const CARD_HEIGHT = 680;

/** A deterministic pseudo-random generator (mulberry32) from a string seed. */
export function seededRandom(seed) {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let state = h >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FRAME_COLOURS = {
  W: [236, 230, 200],
  U: [60, 120, 200],
  B: [70, 60, 70],
  R: [200, 70, 50],
  G: [50, 140, 80],
  M: [210, 170, 60],
  C: [170, 170, 180],
};

function frameColour(colors) {
  if (!colors || colors.length === 0) return FRAME_COLOURS.C;
  if (colors.length > 1) return FRAME_COLOURS.M;
  return FRAME_COLOURS[colors[0]] ?? FRAME_COLOURS.C;
}

function fillRect(px, w, h, x0, y0, x1, y1, [r, g, b]) {
  const xa = Math.max(0, Math.floor(x0));
  const ya = Math.max(0, Math.floor(y0));
  const xb = Math.min(w, Math.ceil(x1));
  const yb = Math.min(h, Math.ceil(y1));
  for (let y = ya; y < yb; y++) {
    for (let x = xa; x < xb; x++) {
      const i = (y * w + x) * 4;
      px[i] = r;
      px[i + 1] = g;
      px[i + 2] = b;
      px[i + 3] = 255;
    }
  }
}

function randomColour(random) {
  return [Math.floor(random() * 256), Math.floor(random() * 256), Math.floor(random() * 256)];
}

/** The art box: a two-colour gradient with circles, bars and triangles over it, all from the seed. */
function drawArt(px, w, h, box, random) {
  const [x0, y0, x1, y1] = box;
  const top = randomColour(random);
  const bottom = randomColour(random);
  for (let y = y0; y < y1; y++) {
    const t = (y - y0) / (y1 - y0);
    const colour = top.map((c, k) => Math.round(c * (1 - t) + bottom[k] * t));
    fillRect(px, w, h, x0, y, x1, y + 1, colour);
  }
  const bw = x1 - x0;
  const bh = y1 - y0;
  const shapes = 7 + Math.floor(random() * 6);
  for (let s = 0; s < shapes; s++) {
    const colour = randomColour(random);
    const kind = Math.floor(random() * 3);
    const cx = x0 + random() * bw;
    const cy = y0 + random() * bh;
    const size = (0.12 + random() * 0.3) * Math.min(bw, bh);
    for (let y = Math.max(y0, Math.floor(cy - size)); y < Math.min(y1, Math.ceil(cy + size)); y++) {
      for (let x = Math.max(x0, Math.floor(cx - size)); x < Math.min(x1, Math.ceil(cx + size)); x++) {
        const dx = x - cx;
        const dy = y - cy;
        const inside =
          kind === 0
            ? dx * dx + dy * dy <= size * size
            : kind === 1
              ? Math.abs(dy) <= size * 0.35
              : dy >= -size && Math.abs(dx) <= (dy + size) / 2;
        if (!inside) continue;
        const i = (y * w + x) * 4;
        px[i] = colour[0];
        px[i + 1] = colour[1];
        px[i + 2] = colour[2];
      }
    }
  }
}

/** Dark blocks standing in for words, in a line of the given box (`s`: the picture's scale from the normal size). */
function drawWords(px, w, h, x0, y0, x1, lineHeight, random, s = 1) {
  let x = x0;
  while (x < x1 - 20 * s) {
    const word = (12 + random() * 46) * s;
    fillRect(px, w, h, x, y0, Math.min(x + word, x1), y0 + lineHeight, [25, 25, 25]);
    x += word + 7 * s;
  }
}

/**
 * One card's picture at Scryfall's normal size, as RGBA. `card` needs `id`, `name` and optionally `colors`
 * (Scryfall's colour letters) and `type_line`. `width` draws it smaller at once (the same picture, for the bench's
 * many whole-pool printings, whose hashes need only a small picture).
 */
export function renderCardRgba(card, width = CARD_WIDTH) {
  const s = width / CARD_WIDTH;
  const w = Math.round(CARD_WIDTH * s);
  const h = Math.round(CARD_HEIGHT * s);
  const px = new Uint8ClampedArray(w * h * 4);
  const random = seededRandom(card.id);
  // The black border and the coloured frame inside it.
  fillRect(px, w, h, 0, 0, w, h, [12, 12, 12]);
  const frame = frameColour(card.colors);
  fillRect(px, w, h, 18 * s, 18 * s, w - 18 * s, h - 18 * s, frame);
  // Name bar with the name's "words" (seeded by the name, so reprints look alike).
  const nameRandom = seededRandom(card.name);
  fillRect(px, w, h, 30 * s, 30 * s, w - 30 * s, 70 * s, [235, 232, 222]);
  drawWords(px, w, h, 42 * s, 42 * s, w - 120 * s, 16 * s, nameRandom, s);
  // Art, type bar, text box.
  drawArt(px, w, h, [34 * s, 78 * s, w - 34 * s, 376 * s].map(Math.round), random);
  fillRect(px, w, h, 30 * s, 384 * s, w - 30 * s, 420 * s, [235, 232, 222]);
  drawWords(px, w, h, 42 * s, 394 * s, w - 160 * s, 14 * s, nameRandom, s);
  fillRect(px, w, h, 34 * s, 428 * s, w - 34 * s, h - 46 * s, [244, 240, 230]);
  for (let line = 0; line < 8; line++) drawWords(px, w, h, 48 * s, (444 + line * 22) * s, w - 56 * s, 10 * s, random, s);
  return { width: w, height: h, data: px };
}

/** The art box of a card image (Scryfall's art_crop), as a rectangle of the normal-size picture. */
export const ART_BOX = { x: 34, y: 78, width: CARD_WIDTH - 68, height: 376 - 78 };

let crcTable;
function crc32(bytes) {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** An RGBA image as a PNG file. */
export function encodePng({ width, height, data }) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0; // no filter
    Buffer.from(data.buffer, data.byteOffset + y * width * 4, width * 4).copy(raw, y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A card's picture scaled (nearest neighbour) to another width, for Scryfall's small and large sizes. */
export function scaleRgba(image, width) {
  const height = Math.round((image.height * width) / image.width);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(image.height - 1, Math.floor((y * image.height) / height));
    for (let x = 0; x < width; x++) {
      const sx = Math.min(image.width - 1, Math.floor((x * image.width) / width));
      const s = (sy * image.width + sx) * 4;
      const d = (y * width + x) * 4;
      data[d] = image.data[s];
      data[d + 1] = image.data[s + 1];
      data[d + 2] = image.data[s + 2];
      data[d + 3] = image.data[s + 3];
    }
  }
  return { width, height, data };
}
