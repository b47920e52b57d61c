import { z } from "../../workers/lib/zod";

/** A toast a server action asks the page to show (after a redirect, or in its data). */
export const toastMessage = z.object({
  title: z.string().max(200),
  description: z.string().max(500).optional(),
  variant: z.enum(["default", "destructive"]).optional(),
});
export type ToastMessage = z.infer<typeof toastMessage>;
