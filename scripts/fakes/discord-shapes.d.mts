export declare function snowflake(now?: number): string;
export declare function generateDiscordKeyPair(): Promise<{ publicKeyHex: string; privateKeyPkcs8: string }>;
export declare function signInteraction(privateKeyPkcs8: string, timestamp: string, body: string): Promise<string>;
export declare const MEMBER_PERMISSIONS: string;
export declare const MANAGER_PERMISSIONS: string;
export declare function interactionPayload(spec: Record<string, unknown>): Record<string, unknown>;
export declare function messageBodyProblems(body: unknown): string[];
export declare function pingedUsers(body: { content?: string; allowed_mentions?: { parse?: string[]; users?: string[] } }): string[];
