import spriteHref from "~/assets/shell-icons.svg?no-inline";
import { cn } from "~/lib/cn";
import type { SpriteIconName } from "./sprite-icons.source";

export { spriteHref };

/**
 * An icon of the header or the landing page from the cached sprite (sprite-icons.source.ts), drawn as
 * Lucide draws it: 24 px grid, 2 px round strokes in the current colour. Decorative: hidden from
 * assistive technology, so the control or text beside it names it.
 */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      className={cn("lucide shrink-0", className ?? "h-6 w-6")}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <use href={`${spriteHref}#${name}`} />
    </svg>
  );
}
