import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { z } from "../../../workers/lib/zod";
import { matchResultSchema, updateTournamentSchema } from "../../../workers/contract/tournaments";
import { roomPath } from "../../../workers/contract/game-session-options";
import { enforceRateLimit } from "../../../workers/domain/rate-limit";
import { dropFromTournament, openMatchRoom, reportMatchResult } from "../../../workers/domain/tournament-matches";
import { finishTournament, pairNextRound, standingsRows, startTournament } from "../../../workers/domain/tournament-play";
import { detailOf, joinTournament, leaveTournament, loadTournament, updateTournament } from "../../../workers/domain/tournaments";
import type { User } from "../../../workers/db/schema";
import { requireMember } from "~/lib/auth.server";
import { domainFailure, parseSubmission, readForm, rethrowForLoader } from "~/lib/forms.server";
import type { ToastMessage } from "~/lib/toast";
import { roundPairedToast, TOURNAMENT_SUCCESS, tournamentFailure, type TournamentIntent } from "~/components/tournaments/tournament-toasts";
import type { TournamentPageResult } from "~/components/tournaments/use-tournament-action";

/** /tournaments/:id: the tournament and its standings from one D1 round trip. */
export async function loadTournamentPage(request: Request, context: AppLoadContext, id: string) {
  const user = requireMember(request, context);
  try {
    const state = await loadTournament(context.db, id);
    return { tournament: detailOf(state), standings: standingsRows(state), viewerId: user.id };
  } catch (error) {
    rethrowForLoader(error);
  }
}

const plain = (intent: "join" | "leave" | "drop" | "start" | "round" | "finish") => z.object({ intent: z.literal(intent) });

/** The page's forms: the member's and the organizer's buttons, the edit dialog, a match's result and room. */
const pageSubmission = z.discriminatedUnion("intent", [
  plain("join"),
  plain("leave"),
  plain("drop"),
  plain("start"),
  plain("round"),
  plain("finish"),
  updateTournamentSchema.extend({ intent: z.literal("edit") }),
  matchResultSchema.extend({ intent: z.literal("result"), matchId: z.string().min(1) }),
  z.object({ intent: z.literal("room"), matchId: z.string().min(1) }),
]);
type PageSubmission = z.infer<typeof pageSubmission>;

const INTENTS = new Set<string>(pageSubmission.options.map((o) => o.shape.intent.value));
const isIntent = (value: unknown): value is TournamentIntent => typeof value === "string" && INTENTS.has(value);

/**
 * Runs one submission with the same domain functions (and rate limits) as
 * /api/tournaments/:id/...; the toast says what happened. Opening a match room
 * goes to the room.
 */
async function perform(context: AppLoadContext, id: string, user: User, s: PageSubmission): Promise<ToastMessage | { roomId: string }> {
  const db = context.db;
  switch (s.intent) {
    case "join":
      await enforceRateLimit(db, "tournamentJoin", user.id);
      await joinTournament(db, id, user);
      return TOURNAMENT_SUCCESS.join;
    case "leave":
      await leaveTournament(db, id, user);
      return TOURNAMENT_SUCCESS.leave;
    case "drop":
      await dropFromTournament(db, id, user);
      return TOURNAMENT_SUCCESS.drop;
    case "start":
      await startTournament(db, id, user);
      return TOURNAMENT_SUCCESS.start;
    case "round": {
      await enforceRateLimit(db, "tournamentRound", user.id);
      const paired = await pairNextRound(db, id, user);
      return roundPairedToast(paired.currentRound);
    }
    case "finish":
      await finishTournament(db, id, user);
      return TOURNAMENT_SUCCESS.finish;
    case "edit": {
      const { intent: _intent, ...changes } = s;
      await updateTournament(db, id, user, changes);
      return TOURNAMENT_SUCCESS.edit;
    }
    case "result": {
      const { intent: _intent, matchId, ...result } = s;
      await enforceRateLimit(db, "matchResult", user.id);
      await reportMatchResult(db, id, matchId, user, result);
      return TOURNAMENT_SUCCESS.result;
    }
    case "room": {
      const room = await openMatchRoom(db, id, s.matchId, user);
      return { roomId: room.gameSessionId };
    }
  }
}

export async function tournamentPageAction(request: Request, context: AppLoadContext, id: string) {
  const user = requireMember(request, context);
  const raw = await readForm(request);
  const intent = isIntent(raw.intent) ? raw.intent : "edit";
  const parsed = parseSubmission(pageSubmission, raw, tournamentFailure(intent, "Please correct the highlighted fields."));
  if (!parsed.ok) return parsed.response;
  try {
    const outcome = await perform(context, id, user, parsed.value);
    if ("roomId" in outcome) return redirect(roomPath(outcome.roomId));
    return { ok: true, intent: parsed.value.intent, toast: outcome } satisfies TournamentPageResult;
  } catch (error) {
    return domainFailure(error, (e) => ({ toast: tournamentFailure(parsed.value.intent, e.message) }));
  }
}
