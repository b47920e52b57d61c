import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { InlineStylesProvider } from "~/lib/inline-styles";
import { NonceProvider } from "~/lib/nonce";
import { RequestIdProvider } from "~/lib/request-id";
import appStyles from "~/tailwind.css?inline";

const ABORT_DELAY_MS = 5000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY_MS);
  const nonce = loadContext.nonce;
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <RequestIdProvider value={loadContext.requestId}>
        <InlineStylesProvider value={appStyles}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
        </InlineStylesProvider>
      </RequestIdProvider>
    </NonceProvider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) loadContext.log.error("Rendering failed", { error });
        responseStatusCode = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timeout));
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * Remix hands every unexpected error of a loader, action or render here (thrown Responses are answers, not errors):
 * one error line with the stack, in the request's logger. A page nobody routes to is a 404, not an error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const thrown = isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error;
  context.log.error("Loader or action failed", { error: thrown });
};
