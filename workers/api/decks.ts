import { createRoute } from "@hono/zod-openapi";
import {
  ARCHIDEKT_REFUSED,
  CARD_SERVICE_UNAVAILABLE,
  DECK_NOT_FOUND,
  MAX_DECKS_PER_MEMBER,
  MOXFIELD_PASTE,
  createDeckBody,
  deckDto,
  deckIdParam,
  deckList,
  resolveDeckBody,
  resolvedDeck,
} from "../contract/cards";
import { memberParams } from "../contract/profile";
import { getDb } from "../db/client";
import { warmDeck } from "../domain/cards/card-references";
import { resolveDeck } from "../domain/cards/deck-resolve";
import { createDeck, deleteDeck, listDecks, readDeck } from "../domain/cards/decks";
import { notFound } from "../domain/errors";
import { memberExists } from "../domain/members/profile";
import { enforceRateLimit } from "../domain/rate-limit";
import { limitText } from "../domain/rate-limit-rules";
import { memberOnly, requireUser } from "../http/require-user";
import { MEMBER_ONLY, apiRouter, errors, jsonBody, jsonResponse } from "./openapi-kit";

// Members' saved decks (issue 26): a pasted list or an Archidekt link, resolved through the card source.
const member = { security: MEMBER_ONLY, middleware: memberOnly } as const;
const sourceErrors = [
  [400, `Invalid body, or a link that is not to an Archidekt deck (a Moxfield link: "${MOXFIELD_PASTE}"); issues name \`url\``],
  [401, "Signed out"],
  [422, `Archidekt has no deck at that id ("${DECK_NOT_FOUND}") or would not hand it out ("${ARCHIDEKT_REFUSED}"); issues name \`url\``],
  [503, CARD_SERVICE_UNAVAILABLE],
] as const;

const resolveRoute = createRoute({
  method: "post",
  path: "/decks/resolve",
  summary:
    "Previews a deck: `{ text }` (a pasted list: MTG Arena, Moxfield or Archidekt export) or `{ url }` (a public Archidekt deck; `name` is then the deck's name on Archidekt). Writes nothing but the card cache; every line that is not a card is in `unresolved` with its reason.",
  ...member,
  request: { body: jsonBody(resolveDeckBody) },
  responses: {
    200: jsonResponse(resolvedDeck, "The resolved cards and the unresolved lines"),
    ...errors(...sourceErrors, [429, `More than ${limitText("deckResolve")}`]),
  },
});

const listRoute = createRoute({
  method: "get",
  path: "/decks",
  summary: `The caller's decks, most recently saved first (at most ${MAX_DECKS_PER_MEMBER}).`,
  ...member,
  responses: { 200: jsonResponse(deckList, "Own decks"), ...errors([401, "Signed out"]) },
});

const createDeckRoute = createRoute({
  method: "post",
  path: "/decks",
  summary: `Saves a deck from \`{ name, text }\` or \`{ name?, url }\` (a linked deck without \`name\` keeps its Archidekt name), resolved as /decks/resolve does (lines that did not resolve are kept in \`unresolved\`). At most ${MAX_DECKS_PER_MEMBER} decks per member.`,
  ...member,
  request: { body: jsonBody(createDeckBody) },
  responses: {
    201: jsonResponse(deckDto, "The saved deck"),
    ...errors(...sourceErrors, [409, `Already ${MAX_DECKS_PER_MEMBER} decks`], [429, `More than ${limitText("deckCreate")}`]),
  },
});

const readRoute = createRoute({
  method: "get",
  path: "/decks/{id}",
  summary:
    "A deck: the caller's own, one on a profile shown to the caller (the owner's profile is visible and no block stands between the two), or one attached to a seat of a room the caller may see.",
  ...member,
  request: { params: deckIdParam },
  responses: { 200: jsonResponse(deckDto, "The deck"), ...errors([401, "Signed out"], [404, "No such deck the caller may read"]) },
});

const memberDecksRoute = createRoute({
  method: "get",
  path: "/users/{id}/decks",
  summary:
    "Another member's saved decks (summaries, most recently saved first), as on their profile: empty when their profile is private or a block stands between the two. Read one with GET /decks/{id}.",
  ...member,
  request: { params: memberParams },
  responses: { 200: jsonResponse(deckList, "The member's decks"), ...errors([401, "Signed out"], [404, "No such member"]) },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/decks/{id}",
  summary: "Deletes one of the caller's decks.",
  ...member,
  request: { params: deckIdParam },
  responses: { 204: { description: "Deleted" }, ...errors([401, "Signed out"], [404, "No such deck of the caller's"]) },
});

export const decksApi = apiRouter()
  .openapi(resolveRoute, async (c) => {
    const user = requireUser(c);
    const body = c.req.valid("json");
    await enforceRateLimit(c.get("db"), "deckResolve", user.id);
    const { name, commanders, cards, unresolved } = await resolveDeck(c.env, c.get("db"), body);
    return c.json({ name, commanders, cards, unresolved }, 200);
  })
  .openapi(listRoute, async (c) => {
    const user = requireUser(c);
    return c.json({ decks: await listDecks(c.get("db"), user.id) }, 200);
  })
  .openapi(createDeckRoute, async (c) => {
    const user = requireUser(c);
    const deck = await createDeck(c.env, c.get("db"), user.id, c.req.valid("json"));
    // Its reference hashes are made now, in the background, so the first click at a table finds them ready.
    warmDeck(c.env, getDb(c.env.DB), deck.cards, (work) => c.executionCtx.waitUntil(work));
    return c.json(deck, 201);
  })
  .openapi(readRoute, async (c) => {
    const user = requireUser(c);
    return c.json(await readDeck(c.get("db"), user.id, c.req.valid("param").id), 200);
  })
  .openapi(memberDecksRoute, async (c) => {
    const viewer = requireUser(c);
    const db = c.get("db");
    const { id } = c.req.valid("param");
    if (!(await memberExists(db, id))) throw notFound("User not found");
    return c.json({ decks: await listDecks(db, id, viewer.id) }, 200);
  })
  .openapi(deleteRoute, async (c) => {
    const user = requireUser(c);
    await deleteDeck(c.get("db"), user.id, c.req.valid("param").id);
    return c.body(null, 204);
  });
