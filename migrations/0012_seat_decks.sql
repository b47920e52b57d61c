-- drizzle-kit writes the column's reference without its ON DELETE action (SQLite's ALTER TABLE ADD keeps it): added by hand.
ALTER TABLE `game_session_members` ADD `deck_id` text REFERENCES decks(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `game_session_members_deck_idx` ON `game_session_members` (`deck_id`);