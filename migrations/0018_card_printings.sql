-- Issue 36: every printing of a card, with its reference hash for click-to-identify (card_printings), the names whose
-- printings have been listed (card_print_lists), and card_cache rows that know their printing and whether a lookup by
-- name chose it (existing rows were all looked up by name or id: by_name 1 keeps reading them as before).
CREATE TABLE `card_print_lists` (
	`name_key` text PRIMARY KEY NOT NULL,
	`listed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `card_printings` (
	`id` text PRIMARY KEY NOT NULL,
	`name_key` text NOT NULL,
	`name` text NOT NULL,
	`set_code` text NOT NULL,
	`collector_number` text NOT NULL,
	`small_image_url` text NOT NULL,
	`image_url` text NOT NULL,
	`type_line` text DEFAULT '' NOT NULL,
	`hash` text,
	`hash_version` text,
	`claimed_at` integer,
	`failed_at` integer,
	`listed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `card_printings_name_idx` ON `card_printings` (`name_key`);--> statement-breakpoint
CREATE INDEX `card_printings_listed_idx` ON `card_printings` (`listed_at`);--> statement-breakpoint
ALTER TABLE `card_cache` ADD `set_code` text;--> statement-breakpoint
ALTER TABLE `card_cache` ADD `collector_number` text;--> statement-breakpoint
ALTER TABLE `card_cache` ADD `by_name` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX `card_cache_printing_idx` ON `card_cache` (`set_code`,`collector_number`);