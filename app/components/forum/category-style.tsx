import { Handshake, Lightbulb, Layers, MessagesSquare, Radio, type LucideIcon } from "lucide-react";
import { forumCategoryName } from "../../../workers/contract/forum-categories";
import { cn } from "~/lib/cn";

/** Each category's icon and colour (spec §3: every category has both). */
const STYLES: Record<string, { icon: LucideIcon; className: string }> = {
  strategy: { icon: Lightbulb, className: "bg-amber-500/15 text-amber-700 dark:text-amber-300 border-amber-500/40" },
  "deck-tech": { icon: Layers, className: "bg-sky-500/15 text-sky-700 dark:text-sky-300 border-sky-500/40" },
  "stream-tips": { icon: Radio, className: "bg-fuchsia-500/15 text-fuchsia-700 dark:text-fuchsia-300 border-fuchsia-500/40" },
  collaboration: { icon: Handshake, className: "bg-emerald-500/15 text-emerald-700 dark:text-emerald-300 border-emerald-500/40" },
  general: { icon: MessagesSquare, className: "bg-slate-500/15 text-fg border-slate-500/40" },
};

export function CategoryIcon({ category, className }: { category: string; className?: string }) {
  const Icon = STYLES[category]?.icon ?? MessagesSquare;
  return <Icon className={cn("h-4 w-4", className)} aria-hidden="true" />;
}

export function CategoryBadge({ category }: { category: string }) {
  return (
    <span
      data-testid="category-badge"
      className={cn(
        "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold",
        STYLES[category]?.className ?? STYLES.general.className,
      )}
    >
      <CategoryIcon category={category} className="h-3.5 w-3.5" />
      {forumCategoryName(category)}
    </span>
  );
}
