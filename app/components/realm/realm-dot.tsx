import type { CSSProperties } from "react";
import { themeFor } from "~/lib/community-themes";
import { cn } from "~/lib/cn";

/** A realm's colour dot in its own primary for the current mode (≥ 3:1 on any realm's surface; app/tailwind.css). */
export function RealmDot({ realmId, className }: { realmId: string; className?: string }) {
  const { palettes } = themeFor(realmId);
  const style = { "--dot-dark": palettes.dark.primary, "--dot-light": palettes.light.primary } as CSSProperties;
  return <span aria-hidden="true" className={cn("realm-dot inline-block h-2.5 w-2.5 shrink-0 rounded-full", className)} style={style} />;
}
