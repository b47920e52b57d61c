CREATE TABLE `card_cache` (
	`id` text PRIMARY KEY NOT NULL,
	`name_key` text NOT NULL,
	`card` text NOT NULL,
	`fetched_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `card_cache_name_idx` ON `card_cache` (`name_key`);--> statement-breakpoint
CREATE INDEX `card_cache_fetched_idx` ON `card_cache` (`fetched_at`);--> statement-breakpoint
CREATE TABLE `decks` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`name` text NOT NULL,
	`commanders` text NOT NULL,
	`cards` text NOT NULL,
	`unresolved` text NOT NULL,
	`card_count` integer NOT NULL,
	`source` text NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`updated_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `decks_owner_idx` ON `decks` (`owner_id`,`updated_at`);