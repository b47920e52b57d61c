import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "../../../workers/lib/zod";
import { createTournamentSchema } from "../../../workers/contract/tournaments";
import { enforceRateLimit } from "../../../workers/domain/rate-limit";
import { createTournament, joinTournament, loadTournamentHub } from "../../../workers/domain/tournaments/tournaments";
import { requireMember } from "~/lib/auth.server";
import { DEFAULT_COMMUNITY_ID } from "~/lib/community-themes";
import { domainFailure, parseSubmission, readForm } from "~/lib/forms.server";
import { readSelectedCommunity } from "~/lib/community-cookie.server";
import type { HubResult } from "~/components/tournaments/tournament-form";
import { TOURNAMENT_SUCCESS, tournamentFailure } from "~/components/tournaments/tournament-toasts";

/** /tournaments: the selected realm's cards and My Tournaments, in one D1 round trip. */
export async function loadHub(request: Request, context: AppLoadContext) {
  const user = requireMember(request, context);
  const communityId = (await readSelectedCommunity(request)) ?? DEFAULT_COMMUNITY_ID;
  const { items, mine } = await loadTournamentHub(context.db, communityId, user.id);
  return { list: { communityId, items }, mine };
}

/** The hub's forms: create (dialog and tab; the API's body) and a card's Join. */
const hubSubmission = z.discriminatedUnion("intent", [
  createTournamentSchema.extend({ intent: z.literal("create") }),
  z.object({ intent: z.literal("join"), tournamentId: z.string().min(1) }),
]);

/** Answers the hub's fetchers: `{ ok, intent, toast }`, or a failure with the server's message. */
export async function hubAction(request: Request, context: AppLoadContext) {
  const user = requireMember(request, context);
  const raw = await readForm(request);
  const intent = raw.intent === "join" ? "join" : "create";
  const parsed = parseSubmission(hubSubmission, raw, tournamentFailure(intent, "Please correct the highlighted fields."));
  if (!parsed.ok) return parsed.response;
  const submission = parsed.value;
  try {
    if (submission.intent === "join") {
      await enforceRateLimit(context.db, "tournamentJoin", user.id);
      await joinTournament(context.db, submission.tournamentId, user);
      return { ok: true, intent: "join", toast: TOURNAMENT_SUCCESS.join } satisfies HubResult;
    }
    const { intent: _intent, ...input } = submission;
    const created = await createTournament(context.db, user, input);
    return { ok: true, intent: "create", id: created.id, toast: TOURNAMENT_SUCCESS.create } satisfies HubResult;
  } catch (error) {
    return domainFailure(error, (e) => ({ toast: tournamentFailure(intent, e.message) }));
  }
}
