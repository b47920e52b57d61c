// Bench-only Worker entry (never the production bundle: wrangler.toml's `main` is workers/app.ts). It serves the
// whole app unchanged plus `/bench-relay`, the simplest Durable Object relay the runtime allows: accept a
// hibernating socket, send each text frame to every other socket, nothing else. bench/room-fanout.mjs drives
// it and the GameRoom in the same `wrangler dev` process, so their ratio measures our code, not the runtime.
import { DurableObject } from "cloudflare:workers";
import realmcast, { GameRoom } from "../../workers/app";

export { GameRoom };

type BenchEnv = Env & { BenchRelay: DurableObjectNamespace<BenchRelay> };

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
