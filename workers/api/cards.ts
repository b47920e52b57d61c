import { createRoute, z } from "@hono/zod-openapi";
import {
  CARD_IMAGES_UNAVAILABLE,
  CARD_SERVICE_UNAVAILABLE,
  autocompleteQuery,
  autocompleteResult,
  cardDto,
  cardIdParam,
  cardPoolManifest,
  cardPoolVersionParam,
  namedQuery,
  featuresVersionParam,
  printingFeaturesQuery,
  tableReferences,
} from "../contract/cards";
import { encodeFeaturesBatch, MAX_FEATURES_PER_REQUEST } from "../contract/card-features-batch";
import { sessionIdParam } from "../contract/game-sessions";
import { getDb } from "../db/client";
import { FEATURE_VERSION } from "../../card-vision";
import { cardSourceFor } from "../domain/cards/card-cache";
import { FEATURES_MADE_PER_REQUEST, printingsFeatures } from "../domain/cards/card-features";
import { poolFile, poolManifest } from "../domain/cards/card-pool";
import { tableReferences as readTableReferences } from "../domain/cards/card-references";
import { withCardService } from "../domain/cards/deck-resolve";
import { forbidden, notFound, unavailable } from "../domain/errors";
import { lookUpCardsAs } from "../domain/cards/card-lookups";
import { tableDecksFor } from "../domain/rooms/seat-decks";
import { enforceRateLimit } from "../domain/rate-limit";
import { limitText } from "../domain/rate-limit-rules";
import { memberOnly, requireUser } from "../http/require-user";
import { MEMBER_ONLY, apiRouter, errors, jsonResponse } from "./openapi-kit";

// Card data (issue 26) from the card source (Scryfall first, behind the D1 cache): README, "Card data (Scryfall)".
const member = { security: MEMBER_ONLY, middleware: memberOnly } as const;
const lookupErrors = (notFoundText?: string) =>
  errors(
    [400, "Invalid query or path"],
    [401, "Signed out"],
    ...(notFoundText ? ([[404, notFoundText]] as const) : []),
    [429, `More than ${limitText("cardLookup")}`],
    [503, CARD_SERVICE_UNAVAILABLE],
  );

const autocompleteRoute = createRoute({
  method: "get",
  path: "/cards/autocomplete",
  summary: "Up to 20 card names containing `q` (for a name field's suggestions).",
  ...member,
  request: { query: autocompleteQuery },
  responses: { 200: jsonResponse(autocompleteResult, "Card names"), ...lookupErrors() },
});

const namedRoute = createRoute({
  method: "get",
  path: "/cards/named",
  summary: "The card with this name: `exact` (any case) or `fuzzy` (words in any order, abbreviated), exactly one of them.",
  ...member,
  request: { query: namedQuery },
  responses: { 200: jsonResponse(cardDto, "The card"), ...lookupErrors('No card named … ("No card named \\"…\\"")') },
});

const byIdRoute = createRoute({
  method: "get",
  path: "/cards/{id}",
  summary: "A card by its Scryfall id.",
  ...member,
  request: { params: cardIdParam },
  responses: { 200: jsonResponse(cardDto, "The card"), ...lookupErrors("No card has this id") },
});

const referencesRoute = createRoute({
  method: "get",
  path: "/game-sessions/{id}/card-references",
  summary:
    "The reference hashes click-to-identify matches a photographed card against: every printing the decks on the room's seats stand for (a line's named printing, else all of the card's printings), made on the server once per printing. `pending` counts printings still being made in the background: ask again for them. For members who may see the room's cards.",
  ...member,
  request: { params: sessionIdParam },
  responses: {
    200: jsonResponse(tableReferences, "The table's references"),
    ...errors(
      [401, "Signed out"],
      [403, "The host removed the caller, or a block stands between them"],
      [404, "No such session"],
      [429, `More than ${limitText("cardLookup")}`],
    ),
  },
});

const poolManifestRoute = createRoute({
  method: "get",
  path: "/card-pool",
  summary:
    "The whole-pool index of click-to-identify (every printing's reference hash, built daily from the card service's bulk data): whether it is ready, its version and size, and how far its printings' reference keypoints are made (for operators). Fetch its file from /card-pool/{version}.",
  ...member,
  responses: {
    200: jsonResponse(cardPoolManifest, "The index's manifest"),
    ...errors([401, "Signed out"], [429, `More than ${limitText("cardLookup")}`]),
  },
});

const poolFileRoute = createRoute({
  method: "get",
  path: "/card-pool/{version}",
  summary:
    "The whole-pool index file of a version (card-vision/pool-index.ts's format, sent gzip-encoded). A version never changes, so browsers keep it.",
  ...member,
  request: { params: cardPoolVersionParam },
  responses: {
    200: {
      description: "The index file",
      content: { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } },
    },
    ...errors([401, "Signed out"], [404, "No index of this version"], [429, `More than ${limitText("cardLookup")}`]),
  },
});

const featuresRoute = createRoute({
  method: "get",
  path: "/cards/printings/features/{version}",
  summary: `The reference keypoints of up to ${MAX_FEATURES_PER_REQUEST} printings for click-to-identify's second step, made by keypoint version \`version\` (card-vision's FEATURE_VERSION; another is a 404), in one binary answer (workers/contract/card-features-batch.ts): each asked id in the order asked, with its keypoints (card-vision's encodeFeatures format, ~9.8 KB) or why it has none: \`none\` (no such printing, or its picture cannot be read) or \`later\` (not made yet: at most ${FEATURES_MADE_PER_REQUEST} are made a request, nearest first; ask again). Counted as one request by its limit.`,
  ...member,
  request: { params: featuresVersionParam, query: printingFeaturesQuery },
  responses: {
    200: {
      description: "The printings' keypoints (cached by the browser when every one is present: they never change)",
      content: { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } },
    },
    ...errors(
      [400, "Invalid ids or version (the issues name which)"],
      [401, "Signed out"],
      [404, "Keypoints of this version are not made"],
      [429, `More than ${limitText("cardFeatures")}`],
      [503, `${CARD_IMAGES_UNAVAILABLE} (and none of the asked printings' keypoints were made before)`],
    ),
  },
});

export const cardsApi = apiRouter()
  .openapi(autocompleteRoute, async (c) => {
    const user = requireUser(c);
    const { q } = c.req.valid("query");
    const names = await withCardService(() => lookUpCardsAs(c.get("db"), user.id, () => cardSourceFor(c.env, c.get("db")).autocomplete(q)));
    return c.json({ names: names.slice(0, 20) }, 200);
  })
  .openapi(namedRoute, async (c) => {
    const user = requireUser(c);
    const query = c.req.valid("query");
    const lookup = query.exact !== undefined ? { exact: query.exact } : { fuzzy: query.fuzzy ?? "" };
    const card = await withCardService(() => lookUpCardsAs(c.get("db"), user.id, () => cardSourceFor(c.env, c.get("db")).named(lookup)));
    if (!card) throw notFound(`No card named "${query.exact ?? query.fuzzy}"`);
    return c.json(card, 200);
  })
  .openapi(byIdRoute, async (c) => {
    const user = requireUser(c);
    const { id } = c.req.valid("param");
    const card = await withCardService(() =>
      lookUpCardsAs(c.get("db"), user.id, () => cardSourceFor(c.env, c.get("db")).byId(id.toLowerCase())),
    );
    if (!card) throw notFound("No card has this id");
    return c.json(card, 200);
  })
  .openapi(referencesRoute, async (c) => {
    const db = c.get("db");
    const user = requireUser(c);
    const table = await tableDecksFor(db, c.req.valid("param").id, user.id);
    if (!table.found) throw notFound("Game session not found");
    if (table.refused) throw forbidden("You cannot see this room");
    await enforceRateLimit(db, "cardLookup", user.id);
    const references = await readTableReferences(c.env, db, table.deckIds, {
      run: (work) => c.executionCtx.waitUntil(work),
      db: getDb(c.env.DB),
    });
    // Decks change while a game is on, and the references fill in as they are made: never kept by a cache.
    c.header("Cache-Control", "private, no-store");
    return c.json(references, 200);
  })
  .openapi(poolManifestRoute, async (c) => {
    await enforceRateLimit(c.get("db"), "cardLookup", requireUser(c).id);
    c.header("Cache-Control", "private, no-cache");
    return c.json(await poolManifest(c.env.CARD_POOL), 200);
  })
  .openapi(poolFileRoute, async (c) => {
    await enforceRateLimit(c.get("db"), "cardLookup", requireUser(c).id);
    const file = await poolFile(c.env.CARD_POOL, c.req.valid("param").version);
    if (!file) throw notFound("No card pool index of this version");
    // Stored gzip-compressed and sent as it is ("manual": the runtime does not compress it again); a version's file
    // never changes, so the browser keeps it.
    return new Response(file.body, {
      status: 200,
      encodeBody: "manual",
      headers: {
        "Content-Type": "application/octet-stream",
        "Content-Encoding": "gzip",
        "Content-Length": String(file.size),
        "Cache-Control": "private, max-age=31536000, immutable",
        ETag: file.httpEtag,
      },
    });
  })
  .openapi(featuresRoute, async (c) => {
    const db = c.get("db");
    await enforceRateLimit(db, "cardFeatures", requireUser(c).id);
    const { version } = c.req.valid("param");
    const { ids } = c.req.valid("query");
    if (version !== FEATURE_VERSION) throw notFound(`Keypoints are made by version ${FEATURE_VERSION} only`);
    const { entries, unavailable: hostDown } = await printingsFeatures(c.env, db, ids);
    if (hostDown && entries.every((e) => e.status !== "present")) throw unavailable(CARD_IMAGES_UNAVAILABLE);
    const body = encodeFeaturesBatch(entries);
    return new Response(body, {
      status: 200,
      headers: {
        "Content-Type": "application/octet-stream",
        "Content-Length": String(body.byteLength),
        // Every printing present: this URL's answer never changes (the version is in the path). Otherwise a later
        // request may find more.
        "Cache-Control": entries.every((e) => e.status === "present") ? "private, max-age=31536000, immutable" : "private, no-store",
      },
    });
  });
