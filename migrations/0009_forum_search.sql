-- Forum search (issue 25): an FTS5 index over forum post titles and content, so a search reads the posts that
-- match instead of walking the realm's posts with LIKE. Drizzle cannot describe a virtual table, so this is a
-- custom migration (drizzle-kit generate --custom) and the snapshot chain stays complete.
--
-- External content (content='forum_posts'): the index keeps no copy of the text (forum_posts is the one copy,
-- and a search reads its rows anyway for the list's columns), and 'rebuild' refills it from forum_posts in one
-- statement, which is what a restore needs (scripts/forum-search-rebuild.sql). Contentless would save nothing
-- more and has no 'rebuild'. The index is keyed on forum_posts' rowid: an import from an SQL export assigns new
-- rowids, which the rebuild after a restore picks up.
--
-- The community and the category are indexed too, so a search asks the index for one community's matches (newest
-- written first, up to a cap: workers/domain/forum.ts) instead of every community's. unicode61 with
-- remove_diacritics 2: "cafe" finds "Café", case-insensitively, in any script.
CREATE VIRTUAL TABLE `forum_posts_fts` USING fts5(title, content, community_id, category, content='forum_posts', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
-- Triggers keep the index current. The update trigger fires only when an indexed column is set, so the frequent
-- counter updates (views, likes, replies) never touch the index.
CREATE TRIGGER `forum_posts_fts_insert` AFTER INSERT ON `forum_posts` BEGIN
  INSERT INTO `forum_posts_fts` (rowid, title, content, community_id, category) VALUES (new.rowid, new.title, new.content, new.community_id, new.category);
END;
--> statement-breakpoint
CREATE TRIGGER `forum_posts_fts_delete` AFTER DELETE ON `forum_posts` BEGIN
  INSERT INTO `forum_posts_fts` (`forum_posts_fts`, rowid, title, content, community_id, category) VALUES ('delete', old.rowid, old.title, old.content, old.community_id, old.category);
END;
--> statement-breakpoint
CREATE TRIGGER `forum_posts_fts_update` AFTER UPDATE OF title, content, community_id, category ON `forum_posts` BEGIN
  INSERT INTO `forum_posts_fts` (`forum_posts_fts`, rowid, title, content, community_id, category) VALUES ('delete', old.rowid, old.title, old.content, old.community_id, old.category);
  INSERT INTO `forum_posts_fts` (rowid, title, content, community_id, category) VALUES (new.rowid, new.title, new.content, new.community_id, new.category);
END;
--> statement-breakpoint
-- The posts written before this migration.
INSERT INTO `forum_posts_fts` (`forum_posts_fts`) VALUES ('rebuild');
