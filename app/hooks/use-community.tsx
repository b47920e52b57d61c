import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { SELECTED_COMMUNITY_KEY, writeCommunityCookie } from "~/lib/community-cookie";
import type { CommunitySummary } from "../../workers/domain/communities";

type CommunityContextValue = {
  communities: CommunitySummary[];
  selectedCommunity: CommunitySummary | null;
  selectedCommunityId: string | null;
  setSelectedCommunity: (id: string | null) => void;
};

const CommunityContext = createContext<CommunityContextValue | null>(null);

/** The page wears the realm's palette and type (app/styles/community-themes.css); no realm is All Realms. */
export function applyCommunity(id: string | null) {
  if (id) document.documentElement.dataset.community = id;
  else delete document.documentElement.dataset.community;
}

export function CommunityProvider({
  communities,
  initialSelectedId,
  children,
}: {
  communities: CommunitySummary[];
  initialSelectedId: string | null;
  children: ReactNode;
}) {
  const known = (id: string | null) => (id && communities.some((c) => c.id === id) ? id : null);
  const [selectedCommunityId, setSelectedId] = useState<string | null>(known(initialSelectedId));

  // Spec 000 §4: once communities are loaded, restore the stored selection if it names one.
  useEffect(() => {
    const stored = window.localStorage.getItem(SELECTED_COMMUNITY_KEY);
    setSelectedId(known(stored === "null" ? null : stored));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [communities]);

  useEffect(() => applyCommunity(selectedCommunityId), [selectedCommunityId]);

  const setSelectedCommunity = useCallback((id: string | null) => {
    window.localStorage.setItem(SELECTED_COMMUNITY_KEY, id ?? "null");
    writeCommunityCookie(id);
    setSelectedId(id);
  }, []);

  const value = useMemo<CommunityContextValue>(
    () => ({
      communities,
      selectedCommunityId,
      selectedCommunity: communities.find((c) => c.id === selectedCommunityId) ?? null,
      setSelectedCommunity,
    }),
    [communities, selectedCommunityId, setSelectedCommunity],
  );
  return <CommunityContext.Provider value={value}>{children}</CommunityContext.Provider>;
}

export function useCommunity(): CommunityContextValue {
  const value = useContext(CommunityContext);
  if (!value) throw new Error("useCommunity must be used within a CommunityProvider");
  return value;
}
