DROP INDEX `game_sessions_status_created_idx`;--> statement-breakpoint
DROP INDEX `game_sessions_community_status_idx`;--> statement-breakpoint
CREATE INDEX `game_sessions_status_created_idx` ON `game_sessions` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `game_sessions_community_status_idx` ON `game_sessions` (`community_id`,`status`,`created_at`,`id`);