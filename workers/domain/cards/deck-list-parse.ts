import { MAX_CARD_QUERY, MAX_LINE_QUANTITY, type DeckSection, type UnresolvedLine } from "../../contract/cards";

/** One card line of a pasted list, before its name is looked up. */
export type DeckListEntry = {
  /** 1-based line number in the pasted text (0 for an imported deck's entries). */
  line: number;
  text: string;
  quantity: number;
  name: string;
  section: DeckSection;
  /** The printing the line names (`(CMR) 263`): set code lowercased and collector number; absent when not given. */
  printing?: { set: string; collectorNumber: string };
};

export type ParsedDeckList = { name: string | null; entries: DeckListEntry[]; unresolved: UnresolvedLine[] };

type Heading = DeckSection | "maybeboard" | "about";

/** Section headings of Moxfield, Archidekt and MTG Arena exports ("Commander", "// Sideboard", "SIDEBOARD:", "Deck (99)"). */
const HEADINGS: Record<string, Heading> = {
  commander: "commander",
  commanders: "commander",
  deck: "main",
  main: "main",
  mainboard: "main",
  "main deck": "main",
  sideboard: "sideboard",
  side: "sideboard",
  // A companion starts the game outside the deck, as sideboard cards do.
  companion: "sideboard",
  companions: "sideboard",
  maybeboard: "maybeboard",
  maybe: "maybeboard",
  considering: "maybeboard",
  about: "about",
};
const HEADING = /^(?:\/\/\s*)?([a-z][a-z ]*?)\s*(?:\(\d+\))?\s*:?$/i;
const COMMENT = /^(?:#|\/\/)/;
/** "1 Sol Ring", "1x Sol Ring", "1 Sol Ring (CMR) 263", "1 Sol Ring (CMR) 263 *F*", with Archidekt's "[Ramp]" and "^Tag^". */
const CARD = /^(\d+)\s*[xX]?\s+(.+)$/;
const PRINTING = /\s+\(([A-Za-z0-9]{2,8})\)(?:\s+([A-Za-z0-9★†-]+))?$/;
const MARKERS = /(?:\s+(?:\*[A-Za-z]+\*|\[[^\]]*\]|\^[^^]*\^))+$/;

function headingOf(line: string): Heading | null {
  const match = HEADING.exec(line);
  return match ? (HEADINGS[match[1].trim().toLowerCase()] ?? null) : null;
}

/**
 * The card name of a line's rest, without foil markers, categories, tags and the printing; and the printing when
 * the line gives both its set and its number (a set alone names no one printing: the card is then any printing).
 */
function cardName(rest: string): { name: string; printing?: { set: string; collectorNumber: string } } {
  const unmarked = rest.replace(MARKERS, "");
  const printing = PRINTING.exec(unmarked);
  const name = unmarked.replace(PRINTING, "").replace(MARKERS, "").trim();
  return printing?.[2] ? { name, printing: { set: printing[1].toLowerCase(), collectorNumber: printing[2] } } : { name };
}

/**
 * Reads a pasted deck list. Blank lines and comments are skipped; every other line is a card or is reported with
 * the reason it is not one, so nothing a member pasted is dropped silently. Lines before any heading are the main
 * deck; a line without a quantity counts once.
 */
export function parseDeckList(text: string): ParsedDeckList {
  const entries: DeckListEntry[] = [];
  const unresolved: UnresolvedLine[] = [];
  let section: Heading = "main";
  let name: string | null = null;
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === "") return;
    const heading = headingOf(trimmed);
    if (heading) {
      section = heading;
      return;
    }
    if (COMMENT.test(trimmed)) return;
    if (section === "about") {
      // MTG Arena's "About" block: "Name My Deck".
      const named = /^name\s+(.+)$/i.exec(trimmed);
      if (named) name = named[1].trim();
      return;
    }
    const reject = (reason: string) => unresolved.push({ line, text: trimmed, reason });
    const card = CARD.exec(trimmed);
    let quantity = 1;
    let rest = trimmed;
    if (card) {
      quantity = Number(card[1]);
      rest = card[2];
    } else if (/^\d/.test(trimmed) || !/[A-Za-z]/.test(trimmed)) {
      return reject("not a card line");
    }
    if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY)
      return reject(`quantity must be 1–${MAX_LINE_QUANTITY}`);
    const { name: cardNameText, printing } = cardName(rest);
    if (!/[A-Za-z]/.test(cardNameText)) return reject("not a card line");
    if (cardNameText.length > MAX_CARD_QUERY) return reject(`card name is longer than ${MAX_CARD_QUERY} characters`);
    if (section === "maybeboard") return reject("in the maybeboard, not the deck");
    entries.push({ line, text: trimmed, quantity, name: cardNameText, section, ...(printing ? { printing } : {}) });
  });
  return { name, entries, unresolved };
}
