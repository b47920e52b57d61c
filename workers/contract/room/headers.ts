// What the Worker tells a room about a socket it forwards (workers/ws.ts sets them, the GameRoom reads them).

/** Headers the Worker sets on the upgrade it forwards; rooms trust nothing else. */
export const ROOM_USER_HEADER = "x-realmcast-user-id";
/** The key (hash) of the session the socket is opened with: sign-out ends that session's sockets. */
export const ROOM_SESSION_HEADER = "x-realmcast-session";
