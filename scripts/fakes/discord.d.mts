export type DiscordKeyPair = { publicKeyHex: string; privateKeyPkcs8: string };
export declare const FAKE_DISCORD_APPLICATION_ID: string;
export declare const FAKE_DISCORD_BOT_TOKEN: string;
export declare const MEMBER_PERMISSIONS: string;
export declare const MANAGER_PERMISSIONS: string;
export declare function generateDiscordKeyPair(): Promise<DiscordKeyPair>;

export type FakeInteractionSpec = {
  kind: "command" | "button";
  user: { id: string; username: string; global_name?: string | null };
  guild_id: string;
  channel_id: string;
  channel_name?: string;
  permissions?: string;
  command?: { name: string; options?: unknown[]; resolved?: unknown };
  custom_id?: string;
  message_id?: string;
  /** Seconds since the epoch to sign with (default: now). */
  timestamp?: number;
  /** Sign with a key that is not the application's. */
  wrong_key?: boolean;
  /** Send it to the interactions endpoint and apply the answer. */
  deliver?: boolean;
};
export type FakeInteraction = {
  interaction: Record<string, unknown>;
  body: string;
  headers: Record<string, string>;
  response?: { status: number; body: unknown; ms: number };
};

export declare function startFakeDiscord(options?: { port?: number; keys?: DiscordKeyPair; interactionsUrl?: string | null }): Promise<{
  url: string;
  apiUrl: string;
  applicationId: string;
  botToken: string;
  publicKeyHex: string;
  setInteractionsUrl: (url: string) => void;
  interact: (spec: FakeInteractionSpec) => Promise<FakeInteraction>;
  close: () => Promise<void>;
}>;
