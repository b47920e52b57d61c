// The lobby's loader (lobby-loader.server.ts) and its page (lobby.tsx) both read `?tab=`, so the loader does not import the page.
export type LobbyTab = "join" | "create";
export const lobbyTab = (value: string | null | undefined): LobbyTab => (value === "create" ? "create" : "join");
