import { Form } from "@remix-run/react";
import { FORUM_CATEGORIES } from "../../../workers/contract/forum-categories";
import { Button } from "~/components/ui/button";
import { CategoryIcon } from "./category-style";
import { FORUM_PATH } from "./forum-urls";
import { KeepListParams } from "./keep-list-params";

/** All Categories plus the five categories, as toggle buttons (spec §2); a GET form, so it filters without JavaScript too. */
export function CategoryFilter({ value }: { value: string | null }) {
  const options = [{ id: null, name: "All Categories" }, ...FORUM_CATEGORIES];
  return (
    <Form method="get" action={FORUM_PATH} preventScrollReset>
      <KeepListParams category={false} />
      <div role="group" aria-label="Filter by category" className="flex flex-wrap gap-2">
        {options.map((option) => {
          const active = value === option.id;
          return (
            <Button
              key={option.id ?? "all"}
              type="submit"
              name={option.id ? "category" : undefined}
              value={option.id ?? undefined}
              size="sm"
              variant={active ? "primary" : "outline"}
              aria-pressed={active}
            >
              {option.id ? <CategoryIcon category={option.id} /> : null}
              {option.name}
            </Button>
          );
        })}
      </div>
    </Form>
  );
}
