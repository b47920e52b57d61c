import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { z } from "../../../workers/lib/zod";
import { matchResultSchema, updateTournamentSchema, type PodResultInput } from "../../../workers/contract/tournaments";
import { roomPath } from "../../../workers/contract/game-session-options";
import { enforceRateLimit } from "../../../workers/domain/rate-limit";
import { dropFromTournament, openMatchRoom, reportMatchResult } from "../../../workers/domain/tournaments/tournament-matches";
import { callTime, reportPodResult } from "../../../workers/domain/tournaments/tournament-pod-results";
import {
  finishTournament,
  pairNextRound,
  standingsRows,
  startTopCut,
  startTournament,
} from "../../../workers/domain/tournaments/tournament-play";
import {
  detailOf,
  joinTournament,
  leaveTournament,
  loadTournament,
  updateTournament,
} from "../../../workers/domain/tournaments/tournaments";
import type { User } from "../../../workers/db/schema";
import { requireMember } from "~/lib/auth.server";
import { domainFailure, parseSubmission, readForm, rethrowForLoader } from "~/lib/forms.server";
import type { ToastMessage } from "~/lib/toast";
import { roundPairedToast, TOURNAMENT_SUCCESS, tournamentFailure, type TournamentIntent } from "~/components/tournaments/tournament-toasts";
import type { TournamentPageResult } from "~/components/tournaments/use-tournament-action";

/**
 * /tournaments/:id: the tournament and its standings from one D1 round trip, with the server's clock (whether
 * the organizer may start it yet, how long the round has left) so the page renders the same on both sides.
 */
export async function loadTournamentPage(request: Request, context: AppLoadContext, id: string) {
  const user = requireMember(request, context);
  try {
    const state = await loadTournament(context.db, id);
    return { tournament: detailOf(state), standings: standingsRows(state), viewerId: user.id, now: Date.now() };
  } catch (error) {
    rethrowForLoader(error);
  }
}

const plain = (intent: "join" | "leave" | "drop" | "start" | "round" | "finish" | "cut" | "time") =>
  z.object({ intent: z.literal(intent) });

/** A pod's result form: a radio `winner` (a player's id, or "draw") and, for a draw, the `stillIn` checkboxes. */
const podResultForm = z.object({
  intent: z.literal("podResult"),
  podId: z.string().min(1),
  winner: z.string({ error: "Choose the winner, or Draw" }).min(1, "Choose the winner, or Draw"),
  stillIn: z.union([z.string(), z.array(z.string())]).optional(),
});

function podResultOf(form: z.infer<typeof podResultForm>): PodResultInput {
  if (form.winner !== "draw") return { outcome: "win", winnerId: form.winner };
  const stillIn = form.stillIn === undefined ? [] : Array.isArray(form.stillIn) ? form.stillIn : [form.stillIn];
  return stillIn.length > 0 ? { outcome: "draw", drawIds: stillIn } : { outcome: "draw" };
}

/** The page's forms: the member's and the organizer's buttons, the edit dialog, a match's or a pod's result and room. */
const pageSubmission = z.discriminatedUnion("intent", [
  plain("join"),
  plain("leave"),
  plain("drop"),
  plain("start"),
  plain("round"),
  plain("finish"),
  plain("cut"),
  plain("time"),
  podResultForm,
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
    case "cut":
      await startTopCut(db, id, user);
      return TOURNAMENT_SUCCESS.cut;
    case "time":
      await callTime(db, id, user);
      return TOURNAMENT_SUCCESS.time;
    case "podResult":
      await enforceRateLimit(db, "matchResult", user.id);
      await reportPodResult(db, id, s.podId, user, podResultOf(s));
      return TOURNAMENT_SUCCESS.result;
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
