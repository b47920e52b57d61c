/**
 * The single source of truth for Realmcast's tables. Row types are derived
 * from here (`typeof users.$inferSelect`), never written by hand.
 *
 * Conventions: ids are random UUIDs (text); every timestamp is epoch
 * milliseconds in an integer column named `*_at`; booleans are integers in
 * boolean mode; small structured values (settings groups, platform lists) are
 * JSON text. Every foreign key and every list filter has an index.
 *
 * Over 300 lines on purpose: one schema file is the one place a table, its indexes and its foreign keys
 * are declared (drizzle-kit reads it whole to generate migrations).
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";

const now = sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`;
const createdAt = () => integer("created_at").notNull().default(now);
const updatedAt = () => integer("updated_at").notNull().default(now);

// ---------------------------------------------------------------- communities

export const communities = sqliteTable("communities", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  displayName: text("display_name").notNull(),
  description: text("description").notNull(),
  iconClass: text("icon_class").notNull(),
  themeColor: text("theme_color").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

// ---------------------------------------------------------------------- users

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    username: text("username"),
    profileImageUrl: text("profile_image_url"),
    bio: text("bio"),
    status: text("status", { enum: ["online", "away", "busy", "gaming", "offline"] })
      .notNull()
      .default("offline"),
    primaryCommunity: text("primary_community").references(() => communities.id, {
      onDelete: "set null",
    }),
    /** Secret token of the member's private iCalendar feed. */
    calendarToken: text("calendar_token"),
    lastActiveAt: integer("last_active_at").notNull().default(now),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_username_unique").on(t.username),
    uniqueIndex("users_calendar_token_unique").on(t.calendarToken),
    index("users_primary_community_idx").on(t.primaryCommunity),
  ],
);

export const oauthAccounts = sqliteTable(
  "oauth_accounts",
  {
    provider: text("provider").notNull(),
    providerUserId: text("provider_user_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerUserId] }), index("oauth_accounts_user_idx").on(t.userId)],
);

export const userCommunities = sqliteTable(
  "user_communities",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    joinedAt: integer("joined_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.userId, t.communityId] }), index("user_communities_community_idx").on(t.communityId)],
);

export const userSettings = sqliteTable("user_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  theme: text("theme", { enum: ["light", "dark", "system"] })
    .notNull()
    .default("system"),
  notificationSettings: text("notification_settings", { mode: "json" }).notNull(),
  privacySettings: text("privacy_settings", { mode: "json" }).notNull(),
  streamingSettings: text("streaming_settings", { mode: "json" }).notNull(),
  updatedAt: updatedAt(),
});

export const socialLinks = sqliteTable(
  "social_links",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    platform: text("platform").notNull(),
    username: text("username").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("social_links_user_idx").on(t.userId)],
);

export const notifications = sqliteTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    actionUrl: text("action_url"),
    read: integer("read", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    index("notifications_user_read_idx").on(t.userId, t.read),
    // Retention (workers/domain/operations/housekeeping.ts): the cron finds expired rows by range, never by scanning the table.
    index("notifications_read_created_idx").on(t.read, t.createdAt),
  ],
);

// ------------------------------------------------------------------- events

export const events = sqliteTable(
  "events",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description"),
    type: text("type", {
      enum: ["tournament", "convention", "release", "game_pod", "community"],
    }).notNull(),
    /** yyyy-mm-dd, as the spec's Event.date: the wall-clock day in `timeZone`. */
    date: text("date").notNull(),
    /** HH:mm, as the spec's Event.time: the wall-clock time in `timeZone`. */
    time: text("time").notNull(),
    /** The instant date + time name in `timeZone`, epoch ms, for ordering, "upcoming" and `.ics`. */
    startsAt: integer("starts_at").notNull(),
    /** IANA zone the event was created in (events from before zones existed: UTC). */
    timeZone: text("time_zone").notNull().default("UTC"),
    location: text("location").notNull(),
    communityId: text("community_id").references(() => communities.id, {
      onDelete: "set null",
    }),
    creatorId: text("creator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    hostId: text("host_id").references(() => users.id, { onDelete: "set null" }),
    maxAttendees: integer("max_attendees"),
    playerSlots: integer("player_slots").notNull().default(4),
    alternateSlots: integer("alternate_slots").notNull().default(2),
    /** The Commander bracket (1-5) the event or pod plays at, null when it names none (workers/contract/brackets.ts). */
    bracket: integer("bracket"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("events_community_starts_idx").on(t.communityId, t.startsAt),
    index("events_type_starts_idx").on(t.type, t.startsAt),
    index("events_starts_idx").on(t.startsAt),
    index("events_date_idx").on(t.date),
    index("events_creator_idx").on(t.creatorId),
    index("events_host_idx").on(t.hostId),
  ],
);

export const eventAttendees = sqliteTable(
  "event_attendees",
  {
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("attending"),
    role: text("role", { enum: ["participant", "spectator"] }).notNull(),
    playerType: text("player_type", { enum: ["main", "alternate"] }).notNull(),
    joinedAt: integer("joined_at").notNull().default(now),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index("event_attendees_seat_idx").on(t.eventId, t.role, t.playerType, t.joinedAt),
    index("event_attendees_user_idx").on(t.userId),
  ],
);

// ------------------------------------------------------------ game sessions

export const gameSessions = sqliteTable(
  "game_sessions",
  {
    id: text("id").primaryKey(),
    status: text("status", { enum: ["waiting", "active", "completed"] })
      .notNull()
      .default("waiting"),
    hostId: text("host_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    communityId: text("community_id").references(() => communities.id, {
      onDelete: "set null",
    }),
    eventId: text("event_id").references(() => events.id, { onDelete: "set null" }),
    tournamentMatchId: text("tournament_match_id"),
    name: text("name").notNull(),
    format: text("format").notNull(),
    powerLevel: text("power_level"),
    /** Commander rooms' power scale (1-5), kept beside the spec's power level it maps to; null for other formats. */
    bracket: integer("bracket"),
    description: text("description"),
    currentTurn: text("current_turn"),
    currentPlayers: integer("current_players").notNull().default(0),
    maxPlayers: integer("max_players").notNull(),
    spectators: integer("spectators").notNull().default(0),
    /** A private room is listed only to its host and members with a place in it; its link still lets anyone in. */
    isPrivate: integer("is_private", { mode: "boolean" }).notNull().default(false),
    /**
     * Since when nobody has had a socket open in the room (epoch ms), null while someone has: the room writes it
     * when its last socket closes and its first opens (not per frame), so the lobby can hide a room nobody is at.
     */
    emptySince: integer("empty_since"),
    /** The personal access token a bot created the room with (issue 27): its webhook hears the room's events. */
    createdByTokenId: text("created_by_token_id").references((): AnySQLiteColumn => accessTokens.id, { onDelete: "set null" }),
    /**
     * The room's version of the table facts it mirrors here (the turn, a game it ended, the decks on its seats): the
     * room decides them and writes them after its broadcast, only over a lower version, so a late mirror never
     * overwrites a newer one (docs/decisions/2026-11-27-room-authority.md). Not `updated_at`, which is D1's clock of
     * the last place change.
     */
    tableVersion: integer("table_version").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The lobby's order (created_at, id) in full, so a page needs no sort (workers/domain/rooms/game-session-list.ts).
    index("game_sessions_status_created_idx").on(t.status, t.createdAt, t.id),
    index("game_sessions_community_status_idx").on(t.communityId, t.status, t.createdAt, t.id),
    index("game_sessions_host_idx").on(t.hostId),
    index("game_sessions_event_idx").on(t.eventId),
    index("game_sessions_match_idx").on(t.tournamentMatchId),
    index("game_sessions_token_idx").on(t.createdByTokenId),
  ],
);

/**
 * Members invited to a room (issue 27: a bot creates a room for named members). A room with invites seats only
 * its host and the invited; anyone else may still watch unless the room is private.
 */
export const gameSessionInvites = sqliteTable(
  "game_session_invites",
  {
    sessionId: text("session_id")
      .notNull()
      .references(() => gameSessions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId] }), index("game_session_invites_user_idx").on(t.userId)],
);

/**
 * A finished room's result (issue 27), one row per room so nothing is recorded twice: the host records it, the
 * other players confirm or dispute it. Format, bracket and realm are copied from the room so stats read one table.
 */
export const gameResults = sqliteTable(
  "game_results",
  {
    sessionId: text("session_id")
      .primaryKey()
      .references(() => gameSessions.id, { onDelete: "cascade" }),
    communityId: text("community_id").references(() => communities.id, { onDelete: "set null" }),
    format: text("format").notNull(),
    bracket: integer("bracket"),
    recordedBy: text("recorded_by").references(() => users.id, { onDelete: "set null" }),
    outcome: text("outcome", { enum: ["win", "draw"] }).notNull(),
    winnerId: text("winner_id").references(() => users.id, { onDelete: "set null" }),
    /** The turn the game ended on, when the host gave it. */
    endTurn: integer("end_turn"),
    status: text("status", { enum: ["pending", "confirmed", "disputed"] })
      .notNull()
      .default("pending"),
    confirmedAt: integer("confirmed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A realm's week (the dashboard) and housekeeping read results in time order.
    index("game_results_community_created_idx").on(t.communityId, t.status, t.createdAt),
  ],
);

/** Each player's line of a result: the commander they played, their deck's bracket, and their answer to it. */
export const gameResultPlayers = sqliteTable(
  "game_result_players",
  {
    sessionId: text("session_id")
      .notNull()
      .references(() => gameResults.sessionId, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    seat: integer("seat"),
    commander: text("commander"),
    bracket: integer("bracket"),
    isWinner: integer("is_winner", { mode: "boolean" }).notNull().default(false),
    /** "host" for the player who recorded it; the others "pending" until they confirm or dispute. */
    response: text("response", { enum: ["host", "pending", "confirmed", "disputed"] })
      .notNull()
      .default("pending"),
    respondedAt: integer("responded_at"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.userId] }),
    // A member's recent games and stats (their profile), newest first.
    index("game_result_players_user_created_idx").on(t.userId, t.createdAt),
  ],
);

export const gameSessionMembers = sqliteTable(
  "game_session_members",
  {
    sessionId: text("session_id")
      .notNull()
      .references(() => gameSessions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["player", "spectator"] }).notNull(),
    /** 1-based seat for players, null for spectators. */
    seat: integer("seat"),
    joinedAt: integer("joined_at").notNull().default(now),
    /** The deck the seat's player put on it (issue 26: the room's `set_deck`); it goes with the deck. */
    deckId: text("deck_id").references((): AnySQLiteColumn => decks.id, { onDelete: "set null" }),
    /** Rule 0 (issue 27): the deck the player says they bring when it is not a saved one (a name only). */
    deckName: text("deck_name"),
    /** Rule 0: the bracket (1-5) the player gives their deck when they sit; null when not said. */
    deckBracket: integer("deck_bracket"),
    /**
     * When the room put this player out of the game (issue 37: 0 life, 21 commander damage, the host's hand), as the
     * room mirrors it with its table (durable-objects/room/table-mirror.ts); null while they are in. The room decides it.
     */
    outAt: integer("out_at"),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.userId] }),
    index("game_session_members_role_idx").on(t.sessionId, t.role, t.seat),
    index("game_session_members_user_idx").on(t.userId),
    // A deck's seats: who may read a deck on a seat (workers/domain/cards/decks.ts), and deleting a deck clears its seats.
    index("game_session_members_deck_idx").on(t.deckId),
  ],
);

/**
 * Members the host removed from a room: they stay out of it (seat and spectator place alike) for the room's life,
 * except a tournament match room, where the pairing decides who plays.
 */
export const gameSessionRemovals = sqliteTable(
  "game_session_removals",
  {
    sessionId: text("session_id")
      .notNull()
      .references(() => gameSessions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId] }), index("game_session_removals_user_idx").on(t.userId)],
);

// -------------------------------------------------------------- matchmaking

export const matchmakingPreferences = sqliteTable("matchmaking_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  selectedGames: text("selected_games", { mode: "json" }).$type<string[]>().notNull(),
  selectedFormats: text("selected_formats", { mode: "json" }).$type<string[]>().notNull(),
  powerLevelMin: integer("power_level_min").notNull(),
  powerLevelMax: integer("power_level_max").notNull(),
  playstyle: text("playstyle").notNull(),
  location: text("location").notNull().default(""),
  onlineOnly: integer("online_only", { mode: "boolean" }).notNull().default(false),
  availability: text("availability").notNull(),
  language: text("language").notNull(),
  maxDistance: integer("max_distance").notNull(),
  /** Tell me when a member opens a room that fits me (workers/domain/rooms/open-room-alerts.ts). */
  notifyOpenRooms: integer("notify_open_rooms", { mode: "boolean" }).notNull().default(false),
  updatedAt: updatedAt(),
});

/** One row per (member, game) so candidates are filtered by game in SQL. */
export const matchmakingGames = sqliteTable(
  "matchmaking_games",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    game: text("game").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.game] }), index("matchmaking_games_game_idx").on(t.game, t.userId)],
);

export const friendships = sqliteTable(
  "friendships",
  {
    id: text("id").primaryKey(),
    requesterId: text("requester_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    addresseeId: text("addressee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "accepted", "declined"] })
      .notNull()
      .default("pending"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("friendships_pair_unique").on(t.requesterId, t.addresseeId),
    index("friendships_addressee_status_idx").on(t.addresseeId, t.status),
    index("friendships_requester_status_idx").on(t.requesterId, t.status),
  ],
);

export const userBlocks = sqliteTable(
  "user_blocks",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index("user_blocks_blocked_idx").on(t.blockedId)],
);

// -------------------------------------------------------------- tournaments

export const tournaments = sqliteTable(
  "tournaments",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description"),
    gameFormat: text("game_format").notNull(),
    maxParticipants: integer("max_participants").notNull(),
    /** ISO date-time, as the spec's Tournament.startDate. */
    startDate: text("start_date").notNull(),
    prizePool: text("prize_pool"),
    rules: text("rules"),
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    organizerId: text("organizer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["upcoming", "active", "completed"] })
      .notNull()
      .default("upcoming"),
    pairing: text("pairing", { enum: ["swiss", "single_elimination"] })
      .notNull()
      .default("swiss"),
    currentRound: integer("current_round").notNull().default(0),
    /** Swiss pod rounds' time limit in minutes (formats played in pods); null one against one. */
    roundMinutes: integer("round_minutes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("tournaments_community_status_start_idx").on(t.communityId, t.status, t.startDate),
    index("tournaments_status_start_idx").on(t.status, t.startDate),
    index("tournaments_organizer_idx").on(t.organizerId),
  ],
);

export const tournamentParticipants = sqliteTable(
  "tournament_participants",
  {
    tournamentId: text("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    seed: integer("seed"),
    droppedAt: integer("dropped_at"),
    joinedAt: integer("joined_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.userId] }), index("tournament_participants_user_idx").on(t.userId)],
);

export const tournamentRounds = sqliteTable(
  "tournament_rounds",
  {
    id: text("id").primaryKey(),
    tournamentId: text("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    status: text("status", { enum: ["active", "completed"] })
      .notNull()
      .default("active"),
    /** Swiss rounds, then (pods) the top cut's rounds. */
    stage: text("stage", { enum: ["swiss", "cut"] })
      .notNull()
      .default("swiss"),
    /** When a timed round's time is up (epoch ms): a pod still playing then is a draw. Null when untimed. */
    endsAt: integer("ends_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("tournament_rounds_number_unique").on(t.tournamentId, t.number)],
);

export const tournamentMatches = sqliteTable(
  "tournament_matches",
  {
    id: text("id").primaryKey(),
    tournamentId: text("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    roundId: text("round_id")
      .notNull()
      .references(() => tournamentRounds.id, { onDelete: "cascade" }),
    roundNumber: integer("round_number").notNull(),
    tableNumber: integer("table_number").notNull(),
    player1Id: text("player1_id").references(() => users.id, { onDelete: "set null" }),
    /** null for a bye. */
    player2Id: text("player2_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: ["pending", "disputed", "completed"] })
      .notNull()
      .default("pending"),
    player1Wins: integer("player1_wins").notNull().default(0),
    player2Wins: integer("player2_wins").notNull().default(0),
    draws: integer("draws").notNull().default(0),
    /** Each player's own report, JSON {player1Wins, player2Wins, draws}. */
    player1Report: text("player1_report", { mode: "json" }),
    player2Report: text("player2_report", { mode: "json" }),
    gameSessionId: text("game_session_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("tournament_matches_round_idx").on(t.tournamentId, t.roundNumber, t.tableNumber),
    index("tournament_matches_round_id_idx").on(t.roundId),
    index("tournament_matches_player1_idx").on(t.player1Id),
    index("tournament_matches_player2_idx").on(t.player2Id),
  ],
);

/**
 * The seats of a pod (a tournament table of a format played in pods, docs/decisions/2026-11-27-commander-pods.md):
 * its match row carries no player1/player2; its players sit here in turn order (seat 1 starts). Each player's own
 * report waits here until every player still in the event agrees (or the organizer records the result), and then
 * every seat gets its outcome. A deleted member's seat stays, without them, so the pod's result stays.
 */
export const tournamentPodSeats = sqliteTable(
  "tournament_pod_seats",
  {
    matchId: text("match_id")
      .notNull()
      .references(() => tournamentMatches.id, { onDelete: "cascade" }),
    seat: integer("seat").notNull(),
    tournamentId: text("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    roundNumber: integer("round_number").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The player's report, canonical JSON of a PodResultInput (compared as text). */
    report: text("report"),
    outcome: text("outcome", { enum: ["win", "loss", "draw"] }),
  },
  (t) => [
    primaryKey({ columns: [t.matchId, t.seat] }),
    index("tournament_pod_seats_tournament_idx").on(t.tournamentId, t.roundNumber),
    index("tournament_pod_seats_user_idx").on(t.userId),
  ],
);

// -------------------------------------------------------------------- forum

export const forumPosts = sqliteTable(
  "forum_posts",
  {
    id: text("id").primaryKey(),
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    /** null once the author deleted their account: the post stays, unattributed. */
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    category: text("category", {
      enum: ["strategy", "deck-tech", "stream-tips", "collaboration", "general"],
    }).notNull(),
    content: text("content").notNull(),
    isPinned: integer("is_pinned", { mode: "boolean" }).notNull().default(false),
    likeCount: integer("like_count").notNull().default(0),
    replyCount: integer("reply_count").notNull().default(0),
    viewCount: integer("view_count").notNull().default(0),
    /**
     * When a moderator hid the post (issue 38; epoch ms), null while shown: its author still sees it, marked hidden
     * with the reason; nobody else does (workers/domain/forum/forum-visibility.ts).
     */
    hiddenAt: integer("hidden_at"),
    hiddenReason: text("hidden_reason"),
    /** When a moderator locked the thread (no new replies), and why; null while open. */
    lockedAt: integer("locked_at"),
    lockedReason: text("locked_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("forum_posts_list_idx").on(t.communityId, t.isPinned, t.createdAt),
    index("forum_posts_category_idx").on(t.communityId, t.category, t.isPinned, t.createdAt),
    index("forum_posts_author_idx").on(t.authorId),
    // The All Realms dashboard's "recent posts" across every realm.
    index("forum_posts_created_idx").on(t.createdAt),
  ],
);

export const forumReplies = sqliteTable(
  "forum_replies",
  {
    id: text("id").primaryKey(),
    postId: text("post_id")
      .notNull()
      .references(() => forumPosts.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    content: text("content").notNull(),
    likeCount: integer("like_count").notNull().default(0),
    /** As forum_posts.hidden_at: a reply a moderator hid, shown to its author only. */
    hiddenAt: integer("hidden_at"),
    hiddenReason: text("hidden_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("forum_replies_post_created_idx").on(t.postId, t.createdAt), index("forum_replies_author_idx").on(t.authorId)],
);

export const forumLikes = sqliteTable(
  "forum_likes",
  {
    postId: text("post_id")
      .notNull()
      .references(() => forumPosts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index("forum_likes_user_idx").on(t.userId)],
);

export const forumViews = sqliteTable(
  "forum_views",
  {
    postId: text("post_id")
      .notNull()
      .references(() => forumPosts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index("forum_views_user_idx").on(t.userId)],
);

// ------------------------------------------------------------ contact, social

export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    clientAddress: text("client_address").notNull(),
    /** The administrators' inbox (issue 38): open until answered or closed. */
    status: text("status", { enum: ["open", "answered", "closed"] })
      .notNull()
      .default("open"),
    /** The administrator's answer, kept whether or not an e-mail service sent it. */
    answer: text("answer"),
    answeredAt: integer("answered_at"),
    /** Who answered or closed it (a member id; no foreign key: the inbox keeps its history). */
    handledBy: text("handled_by"),
    closedAt: integer("closed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_messages_client_created_idx").on(t.clientAddress, t.createdAt),
    // The inbox: open (or answered) messages, newest first.
    index("contact_messages_status_created_idx").on(t.status, t.createdAt),
    // The per-sender limit counts an e-mail address in any case.
    index("contact_messages_sender_created_idx").on(sql`lower(${t.email})`, t.createdAt),
  ],
);

export const socialConnections = sqliteTable(
  "social_connections",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    platform: text("platform").notNull(),
    connected: integer("connected", { mode: "boolean" }).notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.platform] })],
);

export const socialPosts = sqliteTable(
  "social_posts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    platforms: text("platforms", { mode: "json" }).$type<string[]>().notNull(),
    /** epoch ms, null for a post created without scheduling. */
    scheduledFor: integer("scheduled_for"),
    status: text("status", { enum: ["draft", "scheduled", "due"] }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("social_posts_user_idx").on(t.userId, t.createdAt), index("social_posts_due_idx").on(t.status, t.scheduledFor)],
);

// ---------------------------------------------------------------- card data

/**
 * Scryfall's cards as Realmcast shows them (the mapped CardDto JSON), so a card popular across rooms is fetched once
 * a week at most (README, "Card data (Scryfall)"). Keyed by Scryfall id; the lowercased name finds a card by name.
 */
export const cardCache = sqliteTable(
  "card_cache",
  {
    id: text("id").primaryKey(),
    /** Lowercased name (front face's for double-faced cards, and the full "A // B" name). */
    nameKey: text("name_key").notNull(),
    card: text("card", { mode: "json" }).notNull(),
    fetchedAt: integer("fetched_at").notNull(),
    /** The printing: Scryfall's set code (lowercase) and collector number (migration 0018; null in older rows). */
    setCode: text("set_code"),
    collectorNumber: text("collector_number"),
    /**
     * Whether the card service answered a lookup by name with this printing (1), or it was looked up by id, set and
     * number or listed among a card's printings (0): a name is read back as the printing the service chose for it.
     */
    byName: integer("by_name").notNull().default(1),
  },
  // fetched_at: housekeeping deletes entries a month old in that order.
  (t) => [
    index("card_cache_name_idx").on(t.nameKey),
    index("card_cache_fetched_idx").on(t.fetchedAt),
    index("card_cache_printing_idx").on(t.setCode, t.collectorNumber),
  ],
);

/**
 * Every printing click-to-identify knows of (issue 36), with its reference hash once computed: the printings of the
 * decks' cards (listed through the card service's search, `card_print_lists`) and every printing of the bulk file
 * (the whole-pool index's build). One row per Scryfall printing id; the hash is the pHash of its small image, made
 * by `hash_version` (card-vision's HASH_VERSION), so a change of hashing retires old hashes.
 */
export const cardPrintings = sqliteTable(
  "card_printings",
  {
    id: text("id").primaryKey(),
    /** Lowercased name (front face's for a double-faced card), as card_cache's. */
    nameKey: text("name_key").notNull(),
    name: text("name").notNull(),
    setCode: text("set_code").notNull(),
    collectorNumber: text("collector_number").notNull(),
    /** Scryfall's small image (146×204): what the hash is made from. */
    smallImageUrl: text("small_image_url").notNull(),
    /** Scryfall's normal image (488×680): what is shown once the card is named. */
    imageUrl: text("image_url").notNull(),
    typeLine: text("type_line").notNull().default(""),
    /** The art's hash as hex, null until computed. */
    hash: text("hash"),
    hashVersion: text("hash_version"),
    /** When a worker took the row to hash it (epoch ms): another leaves it alone for a minute. */
    claimedAt: integer("claimed_at"),
    /** When its image last could not be read (epoch ms): tried again a day later. */
    failedAt: integer("failed_at"),
    /** When the card service last listed it (epoch ms). */
    listedAt: integer("listed_at").notNull(),
  },
  (t) => [index("card_printings_name_idx").on(t.nameKey), index("card_printings_listed_idx").on(t.listedAt)],
);

/** Names whose printings have all been listed (a search for the card's printings), and when: fresh for a week. */
export const cardPrintLists = sqliteTable("card_print_lists", {
  nameKey: text("name_key").primaryKey(),
  listedAt: integer("listed_at").notNull(),
});

/** A member's saved deck lists: resolved cards and the lines that did not resolve, as JSON (read whole, never queried into). */
export const decks = sqliteTable(
  "decks",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    commanders: text("commanders", { mode: "json" }).notNull(),
    cards: text("cards", { mode: "json" }).notNull(),
    unresolved: text("unresolved", { mode: "json" }).notNull(),
    cardCount: integer("card_count").notNull(),
    /** "text", "archidekt" or "moxfield". */
    source: text("source").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("decks_owner_idx").on(t.ownerId, t.updatedAt)],
);

// --------------------------------------------------------------- rate limits

/** Fixed-window counters for rate limits (contact, sign-in, posting). */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull(),
  },
  // Expired windows are deleted by the cron in window order (workers/domain/operations/housekeeping.ts).
  (t) => [index("rate_limits_window_idx").on(t.windowStart)],
);

// ------------------------------------------------------ personal access tokens

/**
 * A member's API tokens (issue 27): only the SHA-256 hash of the secret is
 * kept, with its first characters for the list. Deleting the member deletes
 * them; revoking one deletes its row, so it stops working on the next request.
 */
export const accessTokens = sqliteTable(
  "access_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Hex SHA-256 of the whole token. */
    tokenHash: text("token_hash").notNull(),
    /** The token's first characters, not secret, shown in the list. */
    prefix: text("prefix").notNull(),
    /** JSON array of scopes (workers/contract/access-tokens.ts). */
    scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
    expiresAt: integer("expires_at"),
    lastUsedAt: integer("last_used_at"),
    /** Where the token's rooms' events are delivered (issue 27 webhooks), or null. */
    webhookUrl: text("webhook_url"),
    /** The HMAC-SHA256 key those deliveries are signed with, shown to the member once when the URL is set. */
    webhookSecret: text("webhook_secret"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("access_tokens_hash_unique").on(t.tokenHash),
    index("access_tokens_user_idx").on(t.userId, t.createdAt),
    index("access_tokens_expires_idx").on(t.expiresAt),
  ],
);

/**
 * A member's answer to a bot that asked to seat them (issue 35): a bot is the member behind the API tokens (every
 * token of theirs), and it makes a member the host of a room it creates only while that member has allowed it.
 * One row per member and bot: asked (pending, with the notification that asked), allowed or declined. The member
 * changes it in Settings (never a token); a bot's later attempts read it and never ask twice.
 * Decision: docs/decisions/2026-11-27-bot-seat-consent.md.
 */
export const botSeatConsents = sqliteTable(
  "bot_seat_consents",
  {
    memberId: text("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    botOwnerId: text("bot_owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The name of the token that asked, as the member was shown it (kept when that token goes). */
    botName: text("bot_name").notNull(),
    status: text("status", { enum: ["pending", "allowed", "declined"] })
      .notNull()
      .default("pending"),
    /** The notification that asked: answering marks it read. */
    notificationId: text("notification_id"),
    createdAt: createdAt(),
    decidedAt: integer("decided_at"),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.botOwnerId] }), index("bot_seat_consents_owner_idx").on(t.botOwnerId)],
);

// ------------------------------------------------------------------ webhooks

/**
 * Each webhook delivery (issue 27) and its outcome, shown in settings: the queue consumer updates the row after
 * each attempt. Deleting the token deletes its deliveries.
 */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    tokenId: text("token_id")
      .notNull()
      .references(() => accessTokens.id, { onDelete: "cascade" }),
    event: text("event", { enum: ["room.started", "room.ended"] }).notNull(),
    sessionId: text("session_id").notNull(),
    /** The exact JSON body sent (and signed) on every attempt. */
    payload: text("payload").notNull(),
    status: text("status", { enum: ["pending", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("webhook_deliveries_token_created_idx").on(t.tokenId, t.createdAt),
    index("webhook_deliveries_created_idx").on(t.createdAt),
  ],
);

// --------------------------------------------------------------- moderation

/**
 * Site administrators (issue 38): named by an operator's command (`npm run admin:grant`, a `wrangler d1 execute`
 * on this table), never by the product itself. Only the moderation domain reads it (workers/domain/moderation/).
 */
export const siteAdmins = sqliteTable("site_admins", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Why or by whom, as the operator wrote it. */
  note: text("note"),
  createdAt: createdAt(),
});

/** A realm's moderators, appointed by an administrator or by the realm's existing moderators. */
export const realmModerators = sqliteTable(
  "realm_moderators",
  {
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    appointedBy: text("appointed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.communityId, t.userId] }),
    index("realm_moderators_user_idx").on(t.userId),
    index("realm_moderators_appointed_by_idx").on(t.appointedBy),
  ],
);

/**
 * A member a moderator removed from a realm, until `until` (epoch ms) or for good (null). The rule compares with
 * now, so a removal ends at its time without a job; a newer removal replaces the older.
 */
export const realmRemovals = sqliteTable(
  "realm_removals",
  {
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    until: integer("until"),
    reason: text("reason").notNull(),
    removedBy: text("removed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.communityId, t.userId] }),
    index("realm_removals_user_idx").on(t.userId),
    index("realm_removals_removed_by_idx").on(t.removedBy),
  ],
);

/** An account an administrator suspended site-wide, until `until` or for good (null): it cannot sign in or act. */
export const memberSuspensions = sqliteTable(
  "member_suspensions",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    until: integer("until"),
    reason: text("reason").notNull(),
    suspendedBy: text("suspended_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("member_suspensions_suspended_by_idx").on(t.suspendedBy)],
);

/**
 * One reported item as the moderators see it (issue 38): the item's text as it was when first reported (kept
 * whatever happens to the item), who it is about, and its state. Reports of the same item while it is open join
 * it (one open case per item: the partial unique index); a handled case stays, and a later report opens a new one.
 */
export const reportCases = sqliteTable(
  "report_cases",
  {
    id: text("id").primaryKey(),
    /** The realm whose moderators see it; null for a profile (administrators). */
    communityId: text("community_id").references(() => communities.id, { onDelete: "set null" }),
    itemKind: text("item_kind", {
      enum: ["forum_post", "forum_reply", "chat_message", "room", "event", "tournament", "profile"],
    }).notNull(),
    itemId: text("item_id").notNull(),
    /** A chat line's room (the line's id is the room's). */
    roomId: text("room_id"),
    /** The member the item is by (author, host, creator, organizer, the profile's owner). */
    subjectId: text("subject_id").references(() => users.id, { onDelete: "set null" }),
    /** JSON: what was reported, as it was (title, text, subject's name, link). */
    snapshot: text("snapshot", { mode: "json" }).notNull(),
    status: text("status", { enum: ["open", "dismissed", "actioned"] })
      .notNull()
      .default("open"),
    lastReportedAt: integer("last_reported_at").notNull(),
    handledBy: text("handled_by").references(() => users.id, { onDelete: "set null" }),
    handledAt: integer("handled_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("report_cases_open_item_unique")
      .on(t.itemKind, t.itemId)
      .where(sql`status = 'open'`),
    index("report_cases_community_status_idx").on(t.communityId, t.status, t.lastReportedAt),
    index("report_cases_status_idx").on(t.status, t.lastReportedAt),
    index("report_cases_subject_idx").on(t.subjectId),
    index("report_cases_handled_by_idx").on(t.handledBy),
  ],
);

/** Each member's report of a case: one per member and case, with a reason from the short list and a note. */
export const reports = sqliteTable(
  "reports",
  {
    id: text("id").primaryKey(),
    caseId: text("case_id")
      .notNull()
      .references(() => reportCases.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason", {
      enum: ["spam", "harassment", "hateful", "cheating", "inappropriate_name_or_picture", "other"],
    }).notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("reports_case_reporter_unique").on(t.caseId, t.reporterId), index("reports_reporter_idx").on(t.reporterId)],
);

/**
 * The audit log (issue 38): every moderation action, with who, when, what and why. A realm's moderators read
 * their realm's entries; administrators read all (site-wide ones have no realm).
 */
export const moderationActions = sqliteTable(
  "moderation_actions",
  {
    id: text("id").primaryKey(),
    communityId: text("community_id").references(() => communities.id, { onDelete: "set null" }),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    caseId: text("case_id").references(() => reportCases.id, { onDelete: "set null" }),
    targetKind: text("target_kind"),
    targetId: text("target_id"),
    /** The member the action was about, if any. */
    subjectId: text("subject_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    /** A removal's or suspension's end (epoch ms), null for good or when it has none. */
    until: integer("until"),
    createdAt: createdAt(),
  },
  (t) => [
    index("moderation_actions_community_created_idx").on(t.communityId, t.createdAt),
    index("moderation_actions_created_idx").on(t.createdAt),
    index("moderation_actions_actor_idx").on(t.actorId),
    index("moderation_actions_subject_idx").on(t.subjectId),
    index("moderation_actions_case_idx").on(t.caseId),
  ],
);

// -------------------------------------------------------------------- Discord

/**
 * A Discord server (guild) tied to a realm by one of its administrators (`/realmcast setup`, issue 39): the tables
 * its channels fill are rooms of that realm. Decision: docs/decisions/2026-11-27-discord-app.md.
 */
export const discordGuilds = sqliteTable(
  "discord_guilds",
  {
    guildId: text("guild_id").primaryKey(),
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    /** The Discord user (an administrator of the server) who tied it last, for the operator. */
    setUpBy: text("set_up_by").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("discord_guilds_community_idx").on(t.communityId)],
);

/** A channel's defaults for `/lfg` (format, seats, Commander bracket), set with `/realmcast setup` in that channel. */
export const discordChannels = sqliteTable(
  "discord_channels",
  {
    channelId: text("channel_id").primaryKey(),
    guildId: text("guild_id")
      .notNull()
      .references(() => discordGuilds.guildId, { onDelete: "cascade" }),
    format: text("format").notNull(),
    maxPlayers: integer("max_players").notNull(),
    /** Commander formats only (workers/contract/brackets.ts); null: any bracket. */
    bracket: integer("bracket"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("discord_channels_guild_idx").on(t.guildId)],
);

/**
 * A table filled from a Discord channel (`/lfg`, its Join and Leave buttons): open while players join; when the
 * last seat is taken it is claimed (`filling`) by the one request that creates its room, then `filled` with the
 * room's id, whose confirmed result is posted back to the channel. One open (or filling) table per channel.
 */
export const discordTables = sqliteTable(
  "discord_tables",
  {
    id: text("id").primaryKey(),
    guildId: text("guild_id")
      .notNull()
      .references(() => discordGuilds.guildId, { onDelete: "cascade" }),
    channelId: text("channel_id").notNull(),
    /** The table's message in the channel (posted by the bot), once Discord has answered with its id. */
    messageId: text("message_id"),
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    format: text("format").notNull(),
    maxPlayers: integer("max_players").notNull(),
    bracket: integer("bracket"),
    status: text("status", { enum: ["open", "filling", "filled", "closed"] })
      .notNull()
      .default("open"),
    sessionId: text("session_id").references(() => gameSessions.id, { onDelete: "set null" }),
    /** When the room's confirmed result was posted to the channel (once). */
    resultPostedAt: integer("result_posted_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("discord_tables_open_channel_unique")
      .on(t.channelId)
      .where(sql`${t.status} IN ('open', 'filling')`),
    index("discord_tables_session_idx").on(t.sessionId),
    index("discord_tables_guild_idx").on(t.guildId),
    index("discord_tables_message_idx").on(t.messageId),
  ],
);

/**
 * Who pressed Join (or ran `/lfg`) at a table, in the order they came: the first hosts the room. A player is a
 * Realmcast member through the Discord identity they signed in with (`oauth_accounts`, provider `discord`).
 */
export const discordTablePlayers = sqliteTable(
  "discord_table_players",
  {
    tableId: text("table_id")
      .notNull()
      .references(() => discordTables.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    discordUserId: text("discord_user_id").notNull(),
    joinedAt: integer("joined_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tableId, t.userId] }), index("discord_table_players_user_idx").on(t.userId)],
);

export type User = typeof users.$inferSelect;
export type Community = typeof communities.$inferSelect;
