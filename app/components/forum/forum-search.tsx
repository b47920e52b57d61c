import { Form, Link, useSearchParams } from "@remix-run/react";
import { Search } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { FORUM_PATH, forumHref, listParamsOf } from "./forum-urls";
import { KeepListParams } from "./keep-list-params";

/**
 * Searches the realm's posts (titles and content): a GET form that keeps the realm and category, so the results
 * are the loader's, with or without JavaScript (with it, Remix navigates without a reload, as the category filter).
 */
export function ForumSearch({ q }: { q: string | null }) {
  const [search] = useSearchParams();
  return (
    <Form
      method="get"
      action={FORUM_PATH}
      role="search"
      aria-label="Search posts"
      preventScrollReset
      className="flex w-full gap-2 sm:w-auto"
    >
      <KeepListParams q={false} />
      <label htmlFor="forum-search" className="sr-only">
        Search posts
      </label>
      {/* Keyed by the search shown, so Back and Clear put the box back to what the list is. */}
      <Input
        key={q ?? ""}
        id="forum-search"
        type="search"
        name="q"
        defaultValue={q ?? ""}
        maxLength={100}
        placeholder="Search posts"
        className="min-w-0 flex-1 sm:w-56"
      />
      <Button type="submit" variant="outline">
        <Search className="h-4 w-4" aria-hidden="true" /> Search
      </Button>
      {q ? (
        <Link to={forumHref({ ...listParamsOf(search), q: null })} preventScrollReset className="self-center text-sm underline">
          Clear
        </Link>
      ) : null}
    </Form>
  );
}
