// A stand-in for Scryfall (https://scryfall.com/docs/api), its image host and the two deck sites on localhost, for
// tests and local runs (nothing reaches the internet). It speaks the documented shapes: catalog, card, list and
// error objects; images under /{size}/front/a/b/{id}.jpg with `Access-Control-Allow-Origin: *` (as cards.scryfall.io
// sends, so a canvas may read them); Archidekt's public deck JSON; Moxfield answering 403, as it does to Workers.
//
// Test lanes: every Scryfall path may be prefixed with /lane/{name}. A lane has its own request log and failure
// mode, so a test file that makes the service fail or counts its requests does not disturb a file running beside it
// on the same fake. Control: POST /__fake/fail {lane?, mode: "ok"|"unavailable"|"rate-limited"}; GET
// /__fake/requests?lane=; POST /__fake/reset?lane=.
import { createServer } from "node:http";
import { ART_BOX, encodePng, renderCardRgba, scaleRgba } from "./card-art.mjs";
import { fixtureCards } from "./card-fixtures.mjs";

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
  const server = createServer();
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  const cards = fixtureCards({ apiBase: origin, imageBase: `${origin}/images` });
  const byId = new Map(cards.map((c) => [c.id, c]));
  const byName = new Map(cards.map((c) => [c.name.toLowerCase(), c]));
  const decks = new Map(Object.values(FIXTURE_DECKS).map((d, i) => [String(d.id), archidektDeck(d, i, cards)]));
  const lanes = new Map();
  const lane = (name = "") => {
    if (!lanes.has(name)) lanes.set(name, { mode: "ok", requests: [] });
    return lanes.get(name);
  };
  const images = new Map();

  const image = (size, id) => {
    const key = `${size}/${id}`;
    if (!images.has(key)) {
      const card = byId.get(id);
      if (!card) return null;
      const full = renderCardRgba(card);
      let picture = full;
      if (size === "art_crop") picture = crop(full, ART_BOX);
      else if (WIDTHS[size] !== full.width) picture = scaleRgba(full, WIDTHS[size]);
      images.set(key, encodePng(picture));
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
      const png = WIDTHS[imageMatch[1]] || imageMatch[1] === "art_crop" ? image(imageMatch[1], imageMatch[2]) : null;
      if (!png) return error(404, "not_found", "No such image.");
      res.writeHead(200, { "Content-Type": "image/png", "Access-Control-Allow-Origin": "*", "Cache-Control": "public, max-age=86400" });
      return res.end(png);
    }

    const archidekt = /^\/archidekt\/api\/decks\/(\d+)\/$/.exec(url.pathname);
    if (archidekt) {
      const deck = decks.get(archidekt[1]);
      return deck ? send(200, deck) : send(404, { detail: "Not found." });
    }
    if (url.pathname.startsWith("/moxfield/")) {
      // What Moxfield answers to requests from Cloudflare Workers (its Cloudflare bot check).
      res.writeHead(403, { "Content-Type": "text/html" });
      return res.end("<!DOCTYPE html><title>Just a moment...</title>");
    }

    const laneMatch = /^\/lane\/([A-Za-z0-9_-]+)(\/.*)$/.exec(url.pathname);
    const current = lane(laneMatch?.[1]);
    const path = laneMatch ? laneMatch[2] : url.pathname;
    let identifiers;
    try {
      identifiers = path === "/cards/collection" ? JSON.parse(body).identifiers?.length : undefined;
    } catch {
      identifiers = undefined;
    }
    current.requests.push({ method: req.method, path, search: url.search, headers: req.headers, at: arrivedAt, identifiers });
    if (current.mode === "unavailable") return error(503, "service_unavailable", "The API is temporarily unavailable.");
    if (current.mode === "rate-limited") return error(429, "rate_limited", "You are sending requests too quickly.");

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
          card = cards.find((c) => c.set === identifier.set.toLowerCase() && c.collector_number === identifier.collector_number);
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
    if (url.pathname === "/__fake/reset") {
      const target = lane(name);
      target.requests.length = 0;
      target.mode = "ok";
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
    moxfieldUrl: `${origin}/moxfield`,
    /** The default lane's request log (path, query, headers, time). */
    requests: lane().requests,
    setFailing: (failing) => {
      lane().mode = failing ? "unavailable" : "ok";
    },
    close: () =>
      new Promise((resolve) => {
        server.close(resolve);
        // Keep-alive connections from workerd would hold close() open.
        server.closeAllConnections();
      }),
  };
}

function crop(image, box) {
  const data = new Uint8ClampedArray(box.width * box.height * 4);
  for (let y = 0; y < box.height; y++) {
    const start = ((box.y + y) * image.width + box.x) * 4;
    data.set(image.data.subarray(start, start + box.width * 4), y * box.width * 4);
  }
  return { width: box.width, height: box.height, data };
}
