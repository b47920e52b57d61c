// A bot's webhook endpoint on localhost, for tests and local runs: it records every request it gets (method, path,
// headers, raw body) and answers 204, or 500 for the next N requests of a path when told to. Tests inside workerd
// drive it over HTTP: GET /__fake/requests?path=/hooks/x lists what /hooks/x received, POST
// /__fake/fail?path=/hooks/x&count=N makes its next N answers 500. Node tests may use the returned object directly.
import { createServer } from "node:http";

export { verifyWebhookSignature } from "./webhook-signature.mjs";

/** Starts the receiver on `port` of 127.0.0.1 (0: a free one); `url` is its base address. */
export async function startWebhookReceiver({ port = 0 } = {}) {
  const requests = [];
  const failures = new Map();
  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const rawBody = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const send = (status, json) => {
      res.writeHead(status, json === undefined ? {} : { "Content-Type": "application/json" });
      res.end(json === undefined ? undefined : JSON.stringify(json));
    };
    if (url.pathname === "/__fake/requests" && req.method === "GET") {
      const path = url.searchParams.get("path");
      return send(
        200,
        requests.filter((r) => path === null || r.path === path),
      );
    }
    if (url.pathname === "/__fake/fail" && req.method === "POST") {
      const path = url.searchParams.get("path") ?? "";
      failures.set(path, Number(url.searchParams.get("count") ?? "1"));
      return send(200, { path, count: failures.get(path) });
    }
    const failing = failures.get(url.pathname) ?? 0;
    const status = failing > 0 ? 500 : 204;
    if (failing > 0) failures.set(url.pathname, failing - 1);
    requests.push({ method: req.method, path: url.pathname, headers: req.headers, rawBody, answered: status, at: Date.now() });
    return send(status, status === 500 ? { error: "told to fail" } : undefined);
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`,
    requests,
    /** The next `count` requests to `path` answer 500. */
    failNext(path, count) {
      failures.set(path, count);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
