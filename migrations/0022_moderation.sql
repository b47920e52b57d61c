CREATE TABLE `member_suspensions` (
	`user_id` text PRIMARY KEY NOT NULL,
	`until` integer,
	`reason` text NOT NULL,
	`suspended_by` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`suspended_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `member_suspensions_suspended_by_idx` ON `member_suspensions` (`suspended_by`);--> statement-breakpoint
CREATE TABLE `moderation_actions` (
	`id` text PRIMARY KEY NOT NULL,
	`community_id` text,
	`actor_id` text,
	`action` text NOT NULL,
	`case_id` text,
	`target_kind` text,
	`target_id` text,
	`subject_id` text,
	`reason` text NOT NULL,
	`until` integer,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`case_id`) REFERENCES `report_cases`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`subject_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `moderation_actions_community_created_idx` ON `moderation_actions` (`community_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `moderation_actions_created_idx` ON `moderation_actions` (`created_at`);--> statement-breakpoint
CREATE INDEX `moderation_actions_actor_idx` ON `moderation_actions` (`actor_id`);--> statement-breakpoint
CREATE INDEX `moderation_actions_subject_idx` ON `moderation_actions` (`subject_id`);--> statement-breakpoint
CREATE INDEX `moderation_actions_case_idx` ON `moderation_actions` (`case_id`);--> statement-breakpoint
CREATE TABLE `realm_moderators` (
	`community_id` text NOT NULL,
	`user_id` text NOT NULL,
	`appointed_by` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	PRIMARY KEY(`community_id`, `user_id`),
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`appointed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `realm_moderators_user_idx` ON `realm_moderators` (`user_id`);--> statement-breakpoint
CREATE INDEX `realm_moderators_appointed_by_idx` ON `realm_moderators` (`appointed_by`);--> statement-breakpoint
CREATE TABLE `realm_removals` (
	`community_id` text NOT NULL,
	`user_id` text NOT NULL,
	`until` integer,
	`reason` text NOT NULL,
	`removed_by` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	PRIMARY KEY(`community_id`, `user_id`),
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`removed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `realm_removals_user_idx` ON `realm_removals` (`user_id`);--> statement-breakpoint
CREATE INDEX `realm_removals_removed_by_idx` ON `realm_removals` (`removed_by`);--> statement-breakpoint
CREATE TABLE `report_cases` (
	`id` text PRIMARY KEY NOT NULL,
	`community_id` text,
	`item_kind` text NOT NULL,
	`item_id` text NOT NULL,
	`room_id` text,
	`subject_id` text,
	`snapshot` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`last_reported_at` integer NOT NULL,
	`handled_by` text,
	`handled_at` integer,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`subject_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`handled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `report_cases_open_item_unique` ON `report_cases` (`item_kind`,`item_id`) WHERE status = 'open';--> statement-breakpoint
CREATE INDEX `report_cases_community_status_idx` ON `report_cases` (`community_id`,`status`,`last_reported_at`);--> statement-breakpoint
CREATE INDEX `report_cases_status_idx` ON `report_cases` (`status`,`last_reported_at`);--> statement-breakpoint
CREATE INDEX `report_cases_subject_idx` ON `report_cases` (`subject_id`);--> statement-breakpoint
CREATE INDEX `report_cases_handled_by_idx` ON `report_cases` (`handled_by`);--> statement-breakpoint
CREATE TABLE `reports` (
	`id` text PRIMARY KEY NOT NULL,
	`case_id` text NOT NULL,
	`reporter_id` text NOT NULL,
	`reason` text NOT NULL,
	`note` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`case_id`) REFERENCES `report_cases`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reports_case_reporter_unique` ON `reports` (`case_id`,`reporter_id`);--> statement-breakpoint
CREATE INDEX `reports_reporter_idx` ON `reports` (`reporter_id`);--> statement-breakpoint
CREATE TABLE `site_admins` (
	`user_id` text PRIMARY KEY NOT NULL,
	`note` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `status` text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `answer` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `answered_at` integer;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `handled_by` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `closed_at` integer;--> statement-breakpoint
CREATE INDEX `contact_messages_status_created_idx` ON `contact_messages` (`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `forum_posts` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `forum_posts` ADD `hidden_reason` text;--> statement-breakpoint
ALTER TABLE `forum_posts` ADD `locked_at` integer;--> statement-breakpoint
ALTER TABLE `forum_posts` ADD `locked_reason` text;--> statement-breakpoint
ALTER TABLE `forum_replies` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `forum_replies` ADD `hidden_reason` text;