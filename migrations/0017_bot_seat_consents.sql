CREATE TABLE `bot_seat_consents` (
	`member_id` text NOT NULL,
	`bot_owner_id` text NOT NULL,
	`bot_name` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`notification_id` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`decided_at` integer,
	PRIMARY KEY(`member_id`, `bot_owner_id`),
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`bot_owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `bot_seat_consents_owner_idx` ON `bot_seat_consents` (`bot_owner_id`);