export declare const DEFAULT_DISCORD_API_URL: string;
export declare function registerCommands(options: {
  apiUrl?: string;
  applicationId?: string;
  botToken?: string;
  guildId?: string | null;
  say?: (line: string) => void;
}): Promise<{ id: string; name: string; application_id: string }[]>;
export declare function guildOf(argv: string[]): string | null;
