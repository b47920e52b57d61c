-- Recreates the forum's search index (migrations/0009_forum_search.sql) and refills it from forum_posts.
-- Run it after restoring D1 from an SQL export, which carries no virtual table:
--   wrangler d1 execute DB --remote --env production --file scripts/forum-search-rebuild.sql
-- Safe to run on any state: with the index in place it is dropped and built again. Statements are separated by a
-- blank line (test/forum-search.test.ts runs them one by one, as wrangler does).

-- The triggers first: an export can carry them without the table they write to, and then every post write fails.
DROP TRIGGER IF EXISTS `forum_posts_fts_insert`;

DROP TRIGGER IF EXISTS `forum_posts_fts_delete`;

DROP TRIGGER IF EXISTS `forum_posts_fts_update`;

DROP TABLE IF EXISTS `forum_posts_fts`;

-- The index's own tables, in case an export carried them as plain tables (they go with the table above otherwise).
DROP TABLE IF EXISTS `forum_posts_fts_data`;

DROP TABLE IF EXISTS `forum_posts_fts_idx`;

DROP TABLE IF EXISTS `forum_posts_fts_docsize`;

DROP TABLE IF EXISTS `forum_posts_fts_config`;

CREATE VIRTUAL TABLE `forum_posts_fts` USING fts5(title, content, community_id, category, content='forum_posts', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2');

CREATE TRIGGER `forum_posts_fts_insert` AFTER INSERT ON `forum_posts` BEGIN
  INSERT INTO `forum_posts_fts` (rowid, title, content, community_id, category) VALUES (new.rowid, new.title, new.content, new.community_id, new.category);
END;

CREATE TRIGGER `forum_posts_fts_delete` AFTER DELETE ON `forum_posts` BEGIN
  INSERT INTO `forum_posts_fts` (`forum_posts_fts`, rowid, title, content, community_id, category) VALUES ('delete', old.rowid, old.title, old.content, old.community_id, old.category);
END;

CREATE TRIGGER `forum_posts_fts_update` AFTER UPDATE OF title, content, community_id, category ON `forum_posts` BEGIN
  INSERT INTO `forum_posts_fts` (`forum_posts_fts`, rowid, title, content, community_id, category) VALUES ('delete', old.rowid, old.title, old.content, old.community_id, old.category);
  INSERT INTO `forum_posts_fts` (rowid, title, content, community_id, category) VALUES (new.rowid, new.title, new.content, new.community_id, new.category);
END;

INSERT INTO `forum_posts_fts` (`forum_posts_fts`) VALUES ('rebuild');
