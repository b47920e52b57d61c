import { FORUM_CATEGORIES } from "../../../workers/contract/forum-categories";
import { Button } from "~/components/ui/button";
import { CategoryIcon } from "./category-style";

/** All Categories plus the five categories, as toggle buttons (spec §2). */
export function CategoryFilter({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) {
  const options = [{ id: null, name: "All Categories" }, ...FORUM_CATEGORIES];
  return (
    <div role="group" aria-label="Filter by category" className="flex flex-wrap gap-2">
      {options.map((option) => {
        const active = value === option.id;
        return (
          <Button
            key={option.id ?? "all"}
            size="sm"
            variant={active ? "primary" : "outline"}
            aria-pressed={active}
            onClick={() => onChange(option.id)}
          >
            {option.id ? <CategoryIcon category={option.id} /> : null}
            {option.name}
          </Button>
        );
      })}
    </div>
  );
}
