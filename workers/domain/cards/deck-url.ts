/** A deck link Realmcast can import: a public Archidekt or Moxfield deck. */
export type DeckLink = { site: "archidekt"; id: string } | { site: "moxfield"; publicId: string };

const ARCHIDEKT_HOSTS = new Set(["archidekt.com", "www.archidekt.com"]);
const MOXFIELD_HOSTS = new Set(["moxfield.com", "www.moxfield.com"]);

/**
 * The deck a link names, or null for any other link. Only the id is taken from the link: the request goes to the
 * configured API base of that site, so a member's link can never make the Worker fetch another host.
 */
export function parseDeckLink(url: string): DeckLink | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
  const host = parsed.hostname.toLowerCase();
  if (ARCHIDEKT_HOSTS.has(host)) {
    const match = /^\/decks\/(\d{1,12})(?:\/|$)/.exec(parsed.pathname);
    return match ? { site: "archidekt", id: match[1] } : null;
  }
  if (MOXFIELD_HOSTS.has(host)) {
    const match = /^\/decks\/([A-Za-z0-9_-]{1,64})\/?$/.exec(parsed.pathname);
    return match ? { site: "moxfield", publicId: match[1] } : null;
  }
  return null;
}
