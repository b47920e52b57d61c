import { useSearchParams } from "@remix-run/react";
import { listParamsOf } from "./forum-urls";

/** Hidden fields that carry the list's realm, category and search (when the URL names them) through a GET form. */
export function KeepListParams({ category = true, q = true }: { category?: boolean; q?: boolean }) {
  const [search] = useSearchParams();
  const list = listParamsOf(search);
  return (
    <>
      {list.community ? <input type="hidden" name="realm" value={list.community} /> : null}
      {category && list.category ? <input type="hidden" name="category" value={list.category} /> : null}
      {q && list.q ? <input type="hidden" name="q" value={list.q} /> : null}
    </>
  );
}
