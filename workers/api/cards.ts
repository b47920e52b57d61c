import { createRoute } from "@hono/zod-openapi";
import { CARD_SERVICE_UNAVAILABLE, autocompleteQuery, autocompleteResult, cardDto, cardIdParam, namedQuery } from "../contract/cards";
import { cardSourceFor } from "../domain/card-cache";
import { withCardService } from "../domain/deck-resolve";
import { notFound } from "../domain/errors";
import { lookUpCardsAs } from "../domain/card-lookups";
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
  });
