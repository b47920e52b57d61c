-- drizzle-kit writes game_sessions.created_by_token_id's reference without its ON DELETE action (SQLite's ALTER TABLE ADD keeps it): added by hand.
CREATE TABLE `game_result_players` (
	`session_id` text NOT NULL,
	`user_id` text NOT NULL,
	`seat` integer,
	`commander` text,
	`bracket` integer,
	`is_winner` integer DEFAULT false NOT NULL,
	`response` text DEFAULT 'pending' NOT NULL,
	`responded_at` integer,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	PRIMARY KEY(`session_id`, `user_id`),
	FOREIGN KEY (`session_id`) REFERENCES `game_results`(`session_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `game_result_players_user_created_idx` ON `game_result_players` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `game_results` (
	`session_id` text PRIMARY KEY NOT NULL,
	`community_id` text,
	`format` text NOT NULL,
	`bracket` integer,
	`recorded_by` text,
	`outcome` text NOT NULL,
	`winner_id` text,
	`end_turn` integer,
	`status` text DEFAULT 'pending' NOT NULL,
	`confirmed_at` integer,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`updated_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `game_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`recorded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`winner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `game_results_community_created_idx` ON `game_results` (`community_id`,`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `game_session_invites` (
	`session_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	PRIMARY KEY(`session_id`, `user_id`),
	FOREIGN KEY (`session_id`) REFERENCES `game_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `game_session_invites_user_idx` ON `game_session_invites` (`user_id`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`token_id` text NOT NULL,
	`event` text NOT NULL,
	`session_id` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_status_code` integer,
	`last_error` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`updated_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`token_id`) REFERENCES `access_tokens`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_token_created_idx` ON `webhook_deliveries` (`token_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_created_idx` ON `webhook_deliveries` (`created_at`);--> statement-breakpoint
ALTER TABLE `access_tokens` ADD `webhook_url` text;--> statement-breakpoint
ALTER TABLE `access_tokens` ADD `webhook_secret` text;--> statement-breakpoint
ALTER TABLE `game_session_members` ADD `deck_name` text;--> statement-breakpoint
ALTER TABLE `game_session_members` ADD `deck_bracket` integer;--> statement-breakpoint
ALTER TABLE `game_sessions` ADD `created_by_token_id` text REFERENCES access_tokens(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `game_sessions_token_idx` ON `game_sessions` (`created_by_token_id`);