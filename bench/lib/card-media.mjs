// The click-to-identify benchmark's media through ffmpeg: frames through a video codec and back, photographs
// decoded to RGBA, and the outline the identifier took marked on a saved frame.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const hasFfmpeg = spawnSync("ffmpeg", ["-hide_banner", "-version"]).status === 0;

/**
 * The frames through a video codec and back, as a call sends them: VP8 (libvpx, real-time settings) at 1.5 Mbit/s,
 * 30 frames a second, each picture held for three frames (a still card seen for a tenth of a second), the last of
 * the three kept. `send` sends them as the room's video budget does (app/components/room/video-budget.ts): scaled
 * down to `height` lines at `bitrate`; the frames come back at that size, as the receiving page captures them.
 */
export function throughCodec(frames, W, H, send = null) {
  const out = send ? { w: Math.round((W * send.height) / H / 2) * 2, h: send.height } : { w: W, h: H };
  const dir = mkdtempSync(join(tmpdir(), "card-codec-"));
  try {
    const raw = join(dir, "in.rgb");
    const held = [];
    for (const f of frames) held.push(f, f, f);
    writeFileSync(raw, Buffer.concat(held.map((f) => Buffer.from(f.buffer, f.byteOffset, f.byteLength))));
    const webm = join(dir, "out.webm");
    const encode = spawnSync(
      "ffmpeg",
      ["-hide_banner", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", `${W}x${H}`, "-r", "30", "-i", raw].concat([
        "-c:v",
        "libvpx",
        ...(send ? ["-vf", `scale=${out.w}:${out.h}:flags=bilinear`] : []),
        "-b:v",
        send ? String(send.bitrate) : "1500k",
        "-deadline",
        "realtime",
        // Realtime mode as a browser encodes, at a fixed speed: a positive -cpu-used lets libvpx pick its speed from
        // how long frames take, so the frames (and --check) would depend on the machine's load.
        "-cpu-used",
        "-8",
        "-g",
        "90",
        "-y",
        webm,
      ]),
    );
    if (encode.status !== 0) throw new Error(`ffmpeg encode failed: ${encode.stderr}`);
    const decoded = spawnSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-i", webm, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"], {
      maxBuffer: 2 ** 31,
    });
    if (decoded.status !== 0) throw new Error(`ffmpeg decode failed: ${decoded.stderr}`);
    const size = out.w * out.h * 3;
    return frames.map((_, i) => new Uint8ClampedArray(decoded.stdout.buffer, decoded.stdout.byteOffset + (i * 3 + 2) * size, size));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Marks the found outline in red on a saved frame (--save). */
export function drawQuad(rgba, quad) {
  if (!quad) return;
  for (let k = 0; k < 4; k++) {
    const a = quad[k];
    const b = quad[(k + 1) % 4];
    const steps = Math.ceil(Math.hypot(b.x - a.x, b.y - a.y));
    for (let s = 0; s <= steps; s++) {
      const x = Math.round(a.x + ((b.x - a.x) * s) / steps);
      const y = Math.round(a.y + ((b.y - a.y) * s) / steps);
      if (x < 0 || y < 0 || x >= rgba.width || y >= rgba.height) continue;
      const o = (y * rgba.width + x) * 4;
      rgba.data[o] = 255;
      rgba.data[o + 1] = k === 0 ? 255 : 0;
      rgba.data[o + 2] = 0;
    }
  }
}

/**
 * An image file as RGBA, decoded by ffmpeg (JPEG, PNG, WebP alike); `magnify` times its size each way when given
 * (Lanczos: a larger camera's frame of the same scene, for CARD_PHOTOS_MAGNIFY).
 */
export function readImage(path, magnify = 1) {
  const probe = spawnSync("ffprobe", [
    "-v",
    "error",
    "-select_streams",
    "v:0",
    "-show_entries",
    "stream=width,height",
    "-of",
    "csv=p=0",
    path,
  ]);
  if (probe.status !== 0) throw new Error(`Cannot read ${path}: ${probe.stderr}`);
  const [width, height] = String(probe.stdout)
    .trim()
    .split(",")
    .map((v) => Number(v) * magnify);
  const scale = magnify === 1 ? [] : ["-vf", `scale=${width}:${height}:flags=lanczos`];
  const out = spawnSync("ffmpeg", ["-v", "error", "-i", path, ...scale, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "-"], {
    maxBuffer: 1 << 30,
  });
  if (out.status !== 0) throw new Error(`Cannot decode ${path}: ${out.stderr}`);
  return { width, height, data: new Uint8ClampedArray(out.stdout.buffer, out.stdout.byteOffset, width * height * 4) };
}
