import { z } from "zod";

export const devLoginBody = z.object({
  firstName: z.string().trim().min(1, "First name is required").max(50),
  lastName: z.string().trim().max(50).optional().default(""),
  email: z.string().trim().toLowerCase().pipe(z.email("Enter a valid e-mail address")).pipe(z.string().max(200)),
  returnTo: z.string().optional(),
});
export type DevLoginBody = z.infer<typeof devLoginBody>;

/** Only same-site relative paths are followed after sign-in (no open redirects). */
export function safeReturnTo(value: string | undefined | null): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/api/")) return "/";
  return value;
}
