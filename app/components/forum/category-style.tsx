import { Handshake, Lightbulb, Layers, MessagesSquare, Radio, type LucideIcon } from "lucide-react";
import { forumCategoryName } from "../../../workers/contract/forum-categories";
import { cn } from "~/lib/cn";

/** Each category's icon and colour (spec §3: every category has both). */
/**
 * Each category's icon and colour (spec §3: every category has both). The colour
 * is on the icon, tint and border only; the text stays the theme's own, so it
 * keeps its contrast in light and dark mode and in every realm.
 */
const STYLES: Record<string, { icon: LucideIcon; className: string; iconClassName: string }> = {
  strategy: { icon: Lightbulb, className: "bg-amber-500/15 border-amber-500/50", iconClassName: "text-amber-500" },
  "deck-tech": { icon: Layers, className: "bg-sky-500/15 border-sky-500/50", iconClassName: "text-sky-500" },
  "stream-tips": { icon: Radio, className: "bg-fuchsia-500/15 border-fuchsia-500/50", iconClassName: "text-fuchsia-500" },
  collaboration: { icon: Handshake, className: "bg-emerald-500/15 border-emerald-500/50", iconClassName: "text-emerald-500" },
  general: { icon: MessagesSquare, className: "bg-slate-500/15 border-slate-500/50", iconClassName: "text-slate-500" },
};

export function CategoryIcon({ category, className }: { category: string; className?: string }) {
  const style = STYLES[category] ?? STYLES.general;
  return <style.icon className={cn("h-4 w-4", style.iconClassName, className)} aria-hidden="true" />;
}

export function CategoryBadge({ category }: { category: string }) {
  return (
    <span
      data-testid="category-badge"
      className={cn(
        "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold text-fg",
        STYLES[category]?.className ?? STYLES.general.className,
      )}
    >
      <CategoryIcon category={category} className="h-3.5 w-3.5" />
      {forumCategoryName(category)}
    </span>
  );
}
