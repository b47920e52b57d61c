import { AVATAR_EDGE } from "../../../workers/contract/avatar-options";
import { checkAvatarFile } from "../../../workers/contract/avatar-file";
import { centredSquare } from "./square-crop";

export type CroppedAvatar = { ok: true; file: File } | { ok: false; message: string };

function encode(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, 0.9));
}

/**
 * The browser's half of an upload: the chosen file must pass the server's own
 * rule (a PNG, JPEG or WebP of at most 2 MB, by its bytes), then its centred
 * square is scaled to AVATAR_EDGE and encoded as WebP (PNG where the browser
 * cannot write WebP). The server checks the result again.
 */
export async function cropAvatar(file: File): Promise<CroppedAvatar> {
  const check = checkAvatarFile(new Uint8Array(await file.arrayBuffer()));
  if (!check.ok) return check;
  let image: ImageBitmap;
  try {
    image = await createImageBitmap(file);
  } catch {
    return { ok: false, message: "The picture could not be read" };
  }
  const { sx, sy, side } = centredSquare(image.width, image.height);
  const edge = AVATAR_EDGE;
  const canvas = document.createElement("canvas");
  canvas.width = edge;
  canvas.height = edge;
  const context = canvas.getContext("2d");
  if (!context) return { ok: false, message: "The picture could not be read" };
  context.imageSmoothingQuality = "high";
  context.drawImage(image, sx, sy, side, side, 0, 0, edge, edge);
  image.close();
  const blob = (await encode(canvas, "image/webp")) ?? (await encode(canvas, "image/png"));
  if (!blob) return { ok: false, message: "The picture could not be read" };
  const extension = blob.type === "image/webp" ? "webp" : "png";
  return { ok: true, file: new File([blob], `avatar.${extension}`, { type: blob.type }) };
}
