/**
 * Over 300 lines: one fake of one outside service (Scryfall's API, its image and bulk-file hosts, and the deck site
 * a deck link may name), answering in their documented shapes; its test controls sit beside what they control.
 */
// A stand-in for Scryfall (https://scryfall.com/docs/api), its image host and Archidekt on localhost, for tests and
// local runs (nothing reaches the internet). It speaks the documented shapes: catalog, card, list and error objects;
// images under /{size}/front/a/b/{id}.jpg with `Access-Control-Allow-Origin: *` (as cards.scryfall.io sends, so a
// canvas may read them; JPEG for .jpg as Scryfall's are, PNG for the png size); Archidekt's public deck JSON, and its
// 404 `{"detail": "Not found."}` for a deck id it does not have. Printings: the 400 fixture cards and some other
// printings of them (card-fixtures.mjs, with their own art), found by id, by set and number (/cards/{set}/{number}
// and the collection's {set, collector_number}), by /cards/search?unique=prints (`oracleid:` and `!"name"` terms
// joined by `or`, paged) and in the bulk file: /bulk-data lists the daily files and `default_cards` downloads every
// printing, gzip-encoded, one card a line as Scryfall's are.
//
// Test lanes: every Scryfall path (and Archidekt's) may be prefixed with /lane/{name}. A lane has its own request log
// and failure mode, so a test file that makes the service fail or counts its requests does not disturb a file
// running beside it on the same fake. Control: POST /__fake/fail {lane?, mode: "ok"|"unavailable"|"rate-limited"};
// GET /__fake/requests?lane=; GET /__fake/image-requests?id= (how many pictures of that printing were asked for, any
// size, found or not); POST /__fake/reset?lane=; POST /__fake/page-size {lane?, size} (a search's page size,
// 175 as Scryfall's unless set, so a test can page through a few printings).
import { createServer } from "node:http";
import { gzipSync } from "node:zlib";

import { fixtureCards, fixturePrintings } from "./card-fixtures.mjs";

/** Archidekt deck ids of the fixture decks (four Commander decks of 100 cards built from the fixture set). */
export const FIXTURE_DECKS = {
  atraxa: { id: 910001, name: "Atraxa Counters", commander: "Atraxa, Praetors' Voice" },
  krenko: { id: 910002, name: "Krenko Goblins", commander: "Krenko, Mob Boss" },
  edgar: { id: 910003, name: "Edgar Vampires", commander: "Edgar Markov" },
  talrand: { id: 910004, name: "Talrand Spells", commander: "Talrand, Sky Summoner" },
};

const BASICS = ["Plains", "Island", "Swamp", "Mountain", "Forest"];
const COMMANDER_NAMES = new Set(Object.values(FIXTURE_DECKS).map((d) => d.commander));

/** Sizes Scryfall serves, as widths of the normal picture's scale (png is 745 wide, large 672, small 146). */
const WIDTHS = { small: 146, normal: 488, large: 672, png: 745, border_crop: 480 };
/** Scryfall's search page size. */
const SEARCH_PAGE = 175;
/** When the fake's bulk files were "made" (their names carry it, as Scryfall's do). */
const BULK_UPDATED_AT = "2026-11-27T09:04:31.512+00:00";

/** Archidekt's public deck JSON for one fixture deck: the commander, 30 staples, 49 cards of its own, 20 basics. */
function archidektDeck(deck, index, cards) {
  const byName = new Map(cards.map((c) => [c.name, c]));
  const staples = cards.filter((c) => c.set !== "rcf" && !COMMANDER_NAMES.has(c.name) && !BASICS.includes(c.name)).slice(0, 30);
  const own = cards.filter((c) => c.set === "rcf").slice(index * 49, index * 49 + 49);
  const entry = (card, quantity, categories) => ({
    quantity,
    categories,
    card: {
      uid: card.id,
      collectorNumber: card.collector_number,
      edition: { editioncode: card.set, editionname: card.set_name },
      oracleCard: { name: card.name, manaCost: card.mana_cost, types: [card.type_line.split(" — ")[0]] },
    },
  });
  return {
    id: deck.id,
    name: deck.name,
    deckFormat: 3,
    cards: [
      entry(byName.get(deck.commander), 1, ["Commander"]),
      ...staples.map((c) => entry(c, 1, ["Ramp"])),
      ...own.map((c) => entry(c, 1, ["Creature"])),
      entry(byName.get(BASICS[index % BASICS.length]), 20, ["Land"]),
    ],
  };
}

/** Starts the fake on 127.0.0.1 (`port` 0 picks a free one). */
export async function startFakeCardService({ port = 0 } = {}) {
  // Imported here, not above: test files in workerd import FIXTURE_DECKS from this module, and workerd has no threads.
  const { Worker } = await import("node:worker_threads");
  const server = createServer();
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  const cards = fixtureCards({ apiBase: origin, imageBase: `${origin}/images` });
  // Every printing: a name lookup answers with the fixture card (the first printing), as Scryfall answers with one.
  const printings = [...cards, ...fixturePrintings({ apiBase: origin, imageBase: `${origin}/images` })];
  const byId = new Map(printings.map((c) => [c.id, c]));
  const byName = new Map(cards.map((c) => [c.name.toLowerCase(), c]));
  const bySetNumber = new Map(printings.map((c) => [`${c.set}/${c.collector_number}`, c]));
  let bulkFile = null;
  const decks = new Map(Object.values(FIXTURE_DECKS).map((d, i) => [String(d.id), archidektDeck(d, i, cards)]));
  const lanes = new Map();
  const lane = (name = "") => {
    if (!lanes.has(name)) lanes.set(name, { mode: "ok", requests: [], pageSize: SEARCH_PAGE });
    return lanes.get(name);
  };
  const images = new Map();
  /** Picture requests by printing id (the image host's log, for tests of what is fetched again). */
  const imageRequests = new Map();

  // Pictures are drawn on a thread of their own (./card-image-worker.mjs), one request each, kept once drawn.
  let painter = null;
  const waiting = new Map();
  const image = (size, id, ext) => {
    const key = `${size}/${id}.${ext}`;
    if (!images.has(key)) {
      const card = byId.get(id);
      if (!card) return null;
      if (!painter) {
        painter = new Worker(new URL("./card-image-worker.mjs", import.meta.url));
        painter.unref();
        painter.on("message", ({ key: done, bytes }) => {
          waiting.get(done)?.(Buffer.from(bytes));
          waiting.delete(done);
        });
      }
      images.set(
        key,
        new Promise((resolve) => {
          waiting.set(key, resolve);
          painter.postMessage({ key, card: { id: card.id, name: card.name, colors: card.colors, type_line: card.type_line }, size, ext });
        }),
      );
    }
    return images.get(key);
  };

  server.on("request", async (req, res) => {
    // When the request arrived (before its body), for tests of the client's pacing.
    const arrivedAt = Date.now();
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", origin);
    const send = (status, json, headers = {}) => {
      res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", ...headers });
      res.end(JSON.stringify(json));
    };
    const error = (status, code, details, extra = {}) => send(status, { object: "error", code, status, details, ...extra });

    if (url.pathname.startsWith("/__fake/")) return control(url, body, send);

    const imageMatch = /^\/images\/([a-z_]+)\/front\/[0-9a-f]\/[0-9a-f]\/([0-9a-f-]{36})\.(jpg|png)$/.exec(url.pathname);
    if (imageMatch) {
      const [, size, id, ext] = imageMatch;
      imageRequests.set(id, (imageRequests.get(id) ?? 0) + 1);
      const file = WIDTHS[size] || size === "art_crop" ? await image(size, id, ext) : null;
      if (!file) return error(404, "not_found", "No such image.");
      res.writeHead(200, {
        "Content-Type": ext === "png" ? "image/png" : "image/jpeg",
        "Access-Control-Allow-Origin": "*",
        "Cache-Control": "public, max-age=86400",
      });
      return res.end(file);
    }

    // The bulk file itself (Scryfall serves it from its file host, gzip-encoded): every printing, one a line.
    if (url.pathname === "/bulk/default-cards.json") {
      bulkFile ??= gzipSync(`[\n${printings.map((c) => JSON.stringify(c)).join(",\n")}\n]\n`);
      res.writeHead(200, { "Content-Type": "application/json", "Content-Encoding": "gzip", "Content-Length": bulkFile.length });
      return res.end(bulkFile);
    }

    const laneMatch = /^\/lane\/([A-Za-z0-9_-]+)(\/.*)$/.exec(url.pathname);
    const current = lane(laneMatch?.[1]);
    const path = laneMatch ? laneMatch[2] : url.pathname;

    // Archidekt's public deck JSON; an id it has no deck for is a 404, as archidekt.com answers. Its requests stay out
    // of the lane's log (which counts Scryfall's), but a failing lane fails them too, for the refusal's tests.
    const archidekt = /^\/archidekt\/api\/decks\/(\d+)\/$/.exec(path);
    if (archidekt) {
      if (current.mode !== "ok") return send(503, { detail: "Service unavailable." });
      const deck = decks.get(archidekt[1]);
      return deck ? send(200, deck) : send(404, { detail: "Not found." });
    }
    let identifiers;
    try {
      identifiers = path === "/cards/collection" ? JSON.parse(body).identifiers?.length : undefined;
    } catch {
      identifiers = undefined;
    }
    current.requests.push({ method: req.method, path, search: url.search, headers: req.headers, at: arrivedAt, identifiers });
    if (current.mode === "unavailable") return error(503, "service_unavailable", "The API is temporarily unavailable.");
    if (current.mode === "rate-limited") return error(429, "rate_limited", "You are sending requests too quickly.");

    if (req.method === "GET" && path === "/bulk-data") {
      const file = (type, name, description) => ({
        object: "bulk_data",
        id: uuidLike(type),
        type,
        updated_at: BULK_UPDATED_AT,
        uri: `${url.origin}${laneMatch ? `/lane/${laneMatch[1]}` : ""}/bulk-data/${uuidLike(type)}`,
        name,
        description,
        size: type === "default_cards" ? 1000 * printings.length : 1000,
        download_uri: type === "default_cards" ? `${origin}/bulk/default-cards.json` : `${origin}/bulk/${type.replace("_", "-")}.json`,
        content_type: "application/json",
        content_encoding: "gzip",
      });
      return send(200, {
        object: "list",
        has_more: false,
        data: [
          file("oracle_cards", "Oracle Cards", "A JSON file containing one Scryfall card object for each Oracle ID on Scryfall."),
          file(
            "default_cards",
            "Default Cards",
            "A JSON file containing every card object on Scryfall in English or the printed language if the card is only available in one language.",
          ),
          file("rulings", "Rulings", "A JSON file containing all Rulings on Scryfall."),
        ],
      });
    }
    if (req.method === "GET" && path === "/cards/search") {
      const terms = searchTerms(url.searchParams.get("q") ?? "");
      if (!terms) return error(400, "bad_request", 'The fake understands only oracleid: and !"name" terms joined by or.');
      if (url.searchParams.get("unique") !== "prints") return error(400, "bad_request", "The fake searches only with unique=prints.");
      const found = printings.filter((c) => terms.some((t) => (t.oracleId ? c.oracle_id === t.oracleId : c.name.toLowerCase() === t.name)));
      found.sort((a, b) => a.released_at.localeCompare(b.released_at) || a.id.localeCompare(b.id));
      if (found.length === 0)
        return error(404, "not_found", "Your query didn’t match any cards. Adjust your search terms or refer to the syntax guide.");
      const page = Math.max(1, Number(url.searchParams.get("page") ?? "1") || 1);
      const size = current.pageSize;
      const data = found.slice((page - 1) * size, page * size);
      const more = page * size < found.length;
      const next = new URL(url);
      next.searchParams.set("page", String(page + 1));
      return send(200, {
        object: "list",
        total_cards: found.length,
        has_more: more,
        ...(more ? { next_page: next.toString() } : {}),
        data,
      });
    }
    const setNumber = /^\/cards\/([a-z0-9]{2,8})\/([A-Za-z0-9★†-]+)$/.exec(path);
    if (req.method === "GET" && setNumber) {
      const card = bySetNumber.get(`${setNumber[1]}/${setNumber[2]}`);
      return card ? send(200, card) : error(404, "not_found", "No card found with the given ID or set code and collector number.");
    }
    if (req.method === "GET" && path === "/cards/autocomplete") {
      const q = (url.searchParams.get("q") ?? "").toLowerCase();
      const names = q.length < 2 ? [] : cards.map((c) => c.name).filter((n) => n.toLowerCase().includes(q));
      names.sort((a, b) => Number(!a.toLowerCase().startsWith(q)) - Number(!b.toLowerCase().startsWith(q)) || a.localeCompare(b));
      const data = names.slice(0, 20);
      return send(200, { object: "catalog", total_values: data.length, data });
    }
    if (req.method === "GET" && path === "/cards/named") {
      const exact = url.searchParams.get("exact");
      const fuzzy = url.searchParams.get("fuzzy");
      if (exact !== null) {
        const card = byName.get(exact.trim().toLowerCase());
        return card ? send(200, card) : error(404, "not_found", `No cards found matching “${exact}”`);
      }
      if (fuzzy !== null) {
        const words = fuzzy
          .toLowerCase()
          .split(/[^a-z0-9]+/)
          .filter(Boolean);
        const found = cards.filter((c) => words.length > 0 && words.every((w) => c.name.toLowerCase().includes(w)));
        const exactHit = found.find((c) => c.name.toLowerCase() === fuzzy.trim().toLowerCase());
        if (exactHit || found.length === 1) return send(200, exactHit ?? found[0]);
        if (found.length > 1)
          return error(404, "not_found", "Too many cards match ambiguous name. Add more words to refine your search.", {
            type: "ambiguous",
          });
        return error(404, "not_found", `No cards found matching “${fuzzy}”`);
      }
      return error(400, "bad_request", "You must supply either an exact or fuzzy parameter.");
    }
    if (req.method === "POST" && path === "/cards/collection") {
      let identifiers;
      try {
        identifiers = JSON.parse(body).identifiers;
      } catch {
        return error(400, "bad_request", "The request body is not valid JSON.");
      }
      if (!Array.isArray(identifiers) || identifiers.length === 0 || identifiers.length > 75) {
        return error(422, "validation_error", "A collection request must have between 1 and 75 identifiers.");
      }
      const data = [];
      const notFound = [];
      for (const identifier of identifiers) {
        let card;
        if (typeof identifier?.id === "string") card = byId.get(identifier.id);
        else if (typeof identifier?.name === "string") card = byName.get(identifier.name.trim().toLowerCase());
        else if (typeof identifier?.set === "string" && typeof identifier?.collector_number === "string") {
          card = bySetNumber.get(`${identifier.set.toLowerCase()}/${identifier.collector_number}`);
        }
        if (card) data.push(card);
        else notFound.push(identifier);
      }
      return send(200, { object: "list", not_found: notFound, data });
    }
    const idMatch = /^\/cards\/([0-9a-f-]{36})$/.exec(path);
    if (req.method === "GET" && idMatch) {
      const card = byId.get(idMatch[1]);
      return card ? send(200, card) : error(404, "not_found", "No card found with the given ID or set code and collector number.");
    }
    return error(404, "not_found", "The requested endpoint was not found.");
  });

  function control(url, body, send) {
    const name = url.searchParams.get("lane") ?? "";
    if (url.pathname === "/__fake/fail") {
      let parsed = {};
      try {
        parsed = JSON.parse(body || "{}");
      } catch {
        return send(400, { error: "invalid JSON" });
      }
      const target = lane(parsed.lane ?? name);
      target.mode = ["unavailable", "rate-limited"].includes(parsed.mode) ? parsed.mode : "ok";
      return send(200, { mode: target.mode });
    }
    if (url.pathname === "/__fake/requests") return send(200, { requests: lane(name).requests });
    if (url.pathname === "/__fake/image-requests") return send(200, { count: imageRequests.get(url.searchParams.get("id") ?? "") ?? 0 });
    if (url.pathname === "/__fake/page-size") {
      let parsed = {};
      try {
        parsed = JSON.parse(body || "{}");
      } catch {
        return send(400, { error: "invalid JSON" });
      }
      const target = lane(parsed.lane ?? name);
      target.pageSize = Number.isInteger(parsed.size) && parsed.size > 0 ? parsed.size : SEARCH_PAGE;
      return send(200, { size: target.pageSize });
    }
    if (url.pathname === "/__fake/reset") {
      const target = lane(name);
      target.requests.length = 0;
      target.mode = "ok";
      target.pageSize = SEARCH_PAGE;
      return send(200, { ok: true });
    }
    return send(404, { error: "not found" });
  }

  return {
    /** Scryfall's API base (SCRYFALL_API_URL); `${url}/lane/{name}` is a lane of its own. */
    url: origin,
    /** The image host (CARD_IMAGE_ORIGIN). */
    imageOrigin: origin,
    archidektUrl: `${origin}/archidekt/api`,
    /** The default lane's request log (path, query, headers, time). */
    requests: lane().requests,
    setFailing: (failing) => {
      lane().mode = failing ? "unavailable" : "ok";
    },
    close: () =>
      new Promise((resolve) => {
        void painter?.terminate();
        server.close(resolve);
        // Keep-alive connections from workerd would hold close() open.
        server.closeAllConnections();
      }),
  };
}

/** A search's terms: `oracleid:<id>` or `!"name"` (an exact name), joined by `or`, brackets allowed; null otherwise. */
function searchTerms(q) {
  const terms = [];
  for (const raw of q.replace(/[()]/g, " ").split(/\s+or\s+/i)) {
    const term = raw.trim();
    const oracle = /^oracleid:([0-9a-f-]{36})$/i.exec(term);
    const exact = /^!"([^"]+)"$/.exec(term);
    if (oracle) terms.push({ oracleId: oracle[1].toLowerCase() });
    else if (exact) terms.push({ name: exact[1].toLowerCase() });
    else return null;
  }
  return terms.length > 0 ? terms : null;
}

/** A stable uuid-shaped id for a bulk file. */
function uuidLike(text) {
  const hex = Buffer.from(text.padEnd(16, "-")).toString("hex").slice(0, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
