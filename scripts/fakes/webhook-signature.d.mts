export declare function verifyWebhookSignature(input: {
  secret: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  nowSeconds?: number;
  toleranceSeconds?: number;
}): boolean;
