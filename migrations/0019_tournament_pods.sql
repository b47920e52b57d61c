CREATE TABLE `tournament_pod_seats` (
	`match_id` text NOT NULL,
	`seat` integer NOT NULL,
	`tournament_id` text NOT NULL,
	`round_number` integer NOT NULL,
	`user_id` text,
	`report` text,
	`outcome` text,
	PRIMARY KEY(`match_id`, `seat`),
	FOREIGN KEY (`match_id`) REFERENCES `tournament_matches`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `tournament_pod_seats_tournament_idx` ON `tournament_pod_seats` (`tournament_id`,`round_number`);--> statement-breakpoint
CREATE INDEX `tournament_pod_seats_user_idx` ON `tournament_pod_seats` (`user_id`);--> statement-breakpoint
ALTER TABLE `tournament_rounds` ADD `stage` text DEFAULT 'swiss' NOT NULL;--> statement-breakpoint
ALTER TABLE `tournament_rounds` ADD `ends_at` integer;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `round_minutes` integer;