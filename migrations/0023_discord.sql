CREATE TABLE `discord_channels` (
	`channel_id` text PRIMARY KEY NOT NULL,
	`guild_id` text NOT NULL,
	`format` text NOT NULL,
	`max_players` integer NOT NULL,
	`bracket` integer,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`updated_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`guild_id`) REFERENCES `discord_guilds`(`guild_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `discord_channels_guild_idx` ON `discord_channels` (`guild_id`);--> statement-breakpoint
CREATE TABLE `discord_guilds` (
	`guild_id` text PRIMARY KEY NOT NULL,
	`community_id` text NOT NULL,
	`set_up_by` text NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`updated_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `discord_guilds_community_idx` ON `discord_guilds` (`community_id`);--> statement-breakpoint
CREATE TABLE `discord_table_players` (
	`table_id` text NOT NULL,
	`user_id` text NOT NULL,
	`discord_user_id` text NOT NULL,
	`joined_at` integer NOT NULL,
	PRIMARY KEY(`table_id`, `user_id`),
	FOREIGN KEY (`table_id`) REFERENCES `discord_tables`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `discord_table_players_user_idx` ON `discord_table_players` (`user_id`);--> statement-breakpoint
CREATE TABLE `discord_tables` (
	`id` text PRIMARY KEY NOT NULL,
	`guild_id` text NOT NULL,
	`channel_id` text NOT NULL,
	`message_id` text,
	`community_id` text NOT NULL,
	`format` text NOT NULL,
	`max_players` integer NOT NULL,
	`bracket` integer,
	`status` text DEFAULT 'open' NOT NULL,
	`session_id` text,
	`result_posted_at` integer,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`updated_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`guild_id`) REFERENCES `discord_guilds`(`guild_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `game_sessions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `discord_tables_open_channel_unique` ON `discord_tables` (`channel_id`) WHERE "discord_tables"."status" IN ('open', 'filling');--> statement-breakpoint
CREATE INDEX `discord_tables_session_idx` ON `discord_tables` (`session_id`);--> statement-breakpoint
CREATE INDEX `discord_tables_guild_idx` ON `discord_tables` (`guild_id`);--> statement-breakpoint
CREATE INDEX `discord_tables_message_idx` ON `discord_tables` (`message_id`);