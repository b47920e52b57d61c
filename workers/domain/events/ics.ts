/**
 * iCalendar (RFC 5545) writing and reading, pure. Used for the one-event
 * download and the member's private feed; the reader exists so tests (and
 * anyone debugging a feed) can check what we write.
 */

export type IcsEvent = {
  uid: string;
  title: string;
  description: string | null;
  location: string;
  /** Epoch ms (UTC). */
  startsAt: number;
  durationMinutes: number;
  /** Epoch ms of the last change. */
  updatedAt: number;
  url?: string;
  categories?: string;
};

const CRLF = "\r\n";
const MAX_LINE_OCTETS = 75;
const encoder = new TextEncoder();

/** TEXT value escaping (RFC 5545 §3.3.11): backslash, semicolon, comma, newline. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

export function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === "n" || c === "N" ? "\n" : c));
}

/**
 * Folds a content line at 75 octets (RFC 5545 §3.1), never inside a UTF-8
 * sequence; continuation lines start with one space.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // Continuation lines carry a leading space, which counts toward their 75 octets.
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** 20261122T190000Z */
export function formatUtc(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

function eventLines(event: IcsEvent, now: number): string[] {
  const lines = [
    "BEGIN:VEVENT",
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${formatUtc(now)}`,
    `DTSTART:${formatUtc(event.startsAt)}`,
    `DURATION:PT${Math.floor(event.durationMinutes / 60)}H${event.durationMinutes % 60}M`,
    `LAST-MODIFIED:${formatUtc(event.updatedAt)}`,
    `SUMMARY:${escapeText(event.title)}`,
    `LOCATION:${escapeText(event.location)}`,
  ];
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.categories) lines.push(`CATEGORIES:${escapeText(event.categories)}`);
  if (event.url) lines.push(`URL:${event.url}`);
  lines.push("END:VEVENT");
  return lines;
}

/** A whole VCALENDAR with CRLF line ends and folded lines. */
export function buildCalendar(input: { name: string; events: IcsEvent[]; now: number }): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Realmcast//Event Calendar//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(input.name)}`,
    ...input.events.flatMap((e) => eventLines(e, input.now)),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

export type ParsedComponent = { name: string; properties: Record<string, string>; children: ParsedComponent[] };

/**
 * Reads iCalendar text back into components (unfolds lines, unescapes TEXT
 * values, drops property parameters). Throws on bare LF or unbalanced BEGIN/END.
 */
export function parseIcs(text: string): ParsedComponent {
  if (/(^|[^\r])\n/.test(text)) throw new Error("iCalendar lines must end with CRLF");
  const unfolded = text.replace(/\r\n[ \t]/g, "");
  const root: ParsedComponent = { name: "ROOT", properties: {}, children: [] };
  const stack = [root];
  for (const line of unfolded.split("\r\n")) {
    if (line === "") continue;
    const colon = line.indexOf(":");
    if (colon < 0) throw new Error(`Malformed line: ${line}`);
    const name = line.slice(0, colon).split(";")[0].toUpperCase();
    const value = line.slice(colon + 1);
    const top = stack[stack.length - 1];
    if (name === "BEGIN") {
      const child: ParsedComponent = { name: value, properties: {}, children: [] };
      top.children.push(child);
      stack.push(child);
    } else if (name === "END") {
      if (top.name !== value) throw new Error(`END:${value} closes ${top.name}`);
      stack.pop();
    } else {
      top.properties[name] = unescapeText(value);
    }
  }
  if (stack.length !== 1) throw new Error("Unclosed component");
  return root;
}
