// Bench-only Worker entry (never the production bundle: wrangler.toml's `main` is workers/app.ts). It serves the
// whole app plus `/bench-relay`, the simplest Durable Object relay the runtime allows: accept a hibernating
// socket, send each text frame to every other socket, nothing else. bench/room-fanout.mjs drives it and the
// GameRoom in the same `wrangler dev` process, so their ratio measures our code, not the runtime.
//
// The GameRoom served here is the app's, unchanged, unless BENCH_FRAMES_PER_SECOND is set: bench/room-fanout.mjs
// --saturate sets it (with `--var`, never in a config file) to lift the per-socket frame budget, so the saturation
// run measures the room's cost, not its limit. Production never loads this file, so its room keeps the limit.
import { DurableObject } from "cloudflare:workers";
import { FRAME_BURST } from "../../durable-objects/rules/frame-budget";
import { FrameBudgets } from "../../durable-objects/room/inbound";
import realmcast, { GameRoom as AppGameRoom } from "../../workers/app";

// The app's other Durable Object, as the app serves it (the header's bell opens an inbox socket on every page).
export { MemberInbox } from "../../workers/app";

type BenchEnv = Env & { BenchRelay: DurableObjectNamespace<BenchRelay>; BENCH_FRAMES_PER_SECOND?: string };

/** The app's room; with BENCH_FRAMES_PER_SECOND set, its frame budget is that rate (burst: the same or 40). */
export class GameRoom extends AppGameRoom {
  protected override readonly budgets = benchBudgets((this.env as BenchEnv).BENCH_FRAMES_PER_SECOND);
}

function benchBudgets(rate: string | undefined): FrameBudgets {
  const perSecond = Number(rate);
  return Number.isFinite(perSecond) && perSecond > 0 ? new FrameBudgets(perSecond, Math.max(FRAME_BURST, perSecond)) : new FrameBudgets();
}

export class BenchRelay extends DurableObject<BenchEnv> {
  fetch(): Response {
    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }

  webSocketMessage(from: WebSocket, message: string | ArrayBuffer): void {
    for (const socket of this.ctx.getWebSockets()) if (socket !== from) socket.send(message);
  }
}

export default {
  fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname === "/bench-relay") return env.BenchRelay.getByName(url.searchParams.get("room") ?? "bench").fetch(request);
    return realmcast.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<BenchEnv>;
