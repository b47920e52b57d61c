import { useRevalidator, useSearchParams } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useCommunity } from "~/hooks/use-community";
import { writeCommunityCookie } from "~/lib/community-cookie";

/**
 * Keeps the forum list on the realm chosen in the header. The server renders the
 * realm of `?realm=` or of the selection cookie; in the browser the selection
 * (restored from localStorage, changed in the header) decides, so when it
 * differs the list is loaded again for it. A link that names a realm selects it.
 */
export function useForumCommunity(shownCommunity: string | null, listShown: boolean) {
  const { selectedCommunityId, setSelectedCommunity } = useCommunity();
  const [search, setSearch] = useSearchParams();
  const { revalidate } = useRevalidator();
  const linkedCommunity = search.get("realm");
  const adopted = useRef(false);
  const requested = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (!adopted.current) {
      adopted.current = true;
      // Runs before the header restores the stored selection, which then reads this one.
      if (linkedCommunity !== null && linkedCommunity === shownCommunity) {
        setSelectedCommunity(linkedCommunity);
        return;
      }
    }
    if (!listShown || selectedCommunityId === shownCommunity || requested.current === selectedCommunityId) return;
    requested.current = selectedCommunityId;
    // The cookie can lag the stored selection (it was restored from localStorage), so the loader reads this one.
    writeCommunityCookie(selectedCommunityId);
    if (linkedCommunity !== null || search.has("category") || search.has("q")) {
      // A new realm starts on All Categories and no search, as it always has.
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete("category");
          next.delete("q");
          if (selectedCommunityId && next.has("realm")) next.set("realm", selectedCommunityId);
          else next.delete("realm");
          return next;
        },
        { replace: true },
      );
    } else {
      revalidate();
    }
  }, [selectedCommunityId, shownCommunity, listShown, linkedCommunity, search, setSearch, revalidate, setSelectedCommunity]);
}
