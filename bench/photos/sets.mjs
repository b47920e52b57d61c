// The shape of a real photo set's committed manifest (bench/photos/<set>.json): the bench's manifest
// (bench/lib/card-photos.mjs reads `references` and `clicks`; format in bench/README.md) plus `files`, where each
// picture comes from. Checked when a set is gathered and by the unit test beside this file.
import { z } from "zod";

const point = z.tuple([z.number(), z.number()]);
const quad = z.array(point).length(4);

const file = z.object({
  /** The picture's name in the set's folder (may hold a sub-folder, e.g. `scans/…`). */
  as: z
    .string()
    .regex(/^[\w./ -]+$/)
    .refine((p) => !p.startsWith("/") && !p.includes(".."), "stays inside the set's folder"),
  /** `owner/name` on GitHub. */
  repo: z.string().regex(/^[\w.-]+\/[\w.-]+$/),
  commit: z.string().regex(/^[0-9a-f]{40}$/),
  path: z.string().min(1),
  /** ffmpeg options between the input and the output (a scale, a crop, one frame of a video); none: copied as is. */
  ffmpeg: z.array(z.string()).optional(),
  /** ffmpeg options before the input (a seek into a video). */
  before: z.array(z.string()).optional(),
});

const reference = z
  .object({
    id: z.string().min(1),
    name: z.string().min(1),
    image: z.string().optional(),
    quad: quad.optional(),
    scan: z.union([z.string(), z.array(z.string()).min(1)]).optional(),
    note: z.string().optional(),
  })
  .refine((r) => r.image || r.scan, "a reference needs an image or a scan");

const click = z.object({
  photo: z.string(),
  x: z.number(),
  y: z.number(),
  /** A reference's id, or null for a card in no list (its printed name in `name`). */
  card: z.string().nullable(),
  name: z.string().optional(),
  height: z.number().positive().max(2),
  sleeved: z.boolean(),
  quad: quad.optional(),
  condition: z.string().optional(),
  note: z.string().optional(),
});

export const photoSet = z
  .object({
    source: z.string(),
    files: z.array(file).min(1),
    references: z.array(reference).min(1),
    clicks: z.array(click).min(1),
  })
  .superRefine((set, ctx) => {
    const files = new Set(set.files.map((f) => f.as));
    const ids = new Set();
    for (const r of set.references) {
      if (ids.has(r.id)) ctx.addIssue({ code: "custom", message: `reference ${r.id} twice` });
      ids.add(r.id);
      for (const pic of [r.image, ...(r.scan ? [r.scan].flat() : [])])
        if (pic && !files.has(pic)) ctx.addIssue({ code: "custom", message: `reference ${r.id}: ${pic} is in no file` });
    }
    for (const [n, c] of set.clicks.entries()) {
      if (!files.has(c.photo)) ctx.addIssue({ code: "custom", message: `click ${n}: ${c.photo} is in no file` });
      if (c.card !== null && !ids.has(c.card)) ctx.addIssue({ code: "custom", message: `click ${n}: no reference ${c.card}` });
      if (c.card === null && !c.name) ctx.addIssue({ code: "custom", message: `click ${n}: a card in no list needs its name` });
    }
    if (files.size !== set.files.length) ctx.addIssue({ code: "custom", message: "two files with one name" });
  });

/** A set's manifest, checked; throws with every problem named. */
export function parseSet(json) {
  return photoSet.parse(json);
}
