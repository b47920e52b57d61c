export declare const FAKE_TURN_KEY_ID: string;
export declare const FAKE_TURN_API_TOKEN: string;
export declare function startFakeTurnService(): Promise<{
  url: string;
  minted: { username: string; credential: string; ttl: number }[];
  close: () => Promise<void>;
}>;
