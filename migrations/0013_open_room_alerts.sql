ALTER TABLE `matchmaking_preferences` ADD `notify_open_rooms` integer DEFAULT false NOT NULL;
