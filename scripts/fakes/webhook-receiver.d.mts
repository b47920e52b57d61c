import type { IncomingHttpHeaders } from "node:http";

export type ReceivedWebhook = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The status the receiver answered (204, or 500 when told to fail). */
  answered: number;
  at: number;
};

export { verifyWebhookSignature } from "./webhook-signature.mjs";

export declare function startWebhookReceiver(options?: { port?: number }): Promise<{
  url: string;
  requests: ReceivedWebhook[];
  failNext: (path: string, count: number) => void;
  close: () => Promise<void>;
}>;
