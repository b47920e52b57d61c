-- Demo TableSync rooms hosted by demo members: four waiting (one full, to show Spectate (Full)) and one active.
-- Counters match the seated members below. Fixed ids keep the seed idempotent.
INSERT OR IGNORE INTO game_sessions (id, status, host_id, community_id, name, format, power_level, description, current_turn, current_players, max_players, spectators, created_at, updated_at) VALUES
  ('10000000-0000-4000-8000-00000000a001', 'waiting', '00000000-0000-4000-8000-000000000001', 'scry-gather', 'Friday Night Commander', 'commander', 'focused', 'Bring your 6-7 power decks. Rule 0 chat before we shuffle.', NULL, 2, 4, 0,
    CAST(unixepoch('now', '-20 minutes') * 1000 AS INTEGER), CAST(unixepoch('now', '-20 minutes') * 1000 AS INTEGER)),
  ('10000000-0000-4000-8000-00000000a002', 'waiting', '00000000-0000-4000-8000-000000000007', 'scry-gather', 'Cube Draft Pod', 'draft', 'optimized', 'Liam''s 540 cube, 8 seats, best of one.', NULL, 1, 8, 0,
    CAST(unixepoch('now', '-12 minutes') * 1000 AS INTEGER), CAST(unixepoch('now', '-12 minutes') * 1000 AS INTEGER)),
  ('10000000-0000-4000-8000-00000000a003', 'waiting', '00000000-0000-4000-8000-000000000004', 'duelcraft', 'Modern Gauntlet', 'modern', 'competitive', NULL, NULL, 2, 2, 1,
    CAST(unixepoch('now', '-8 minutes') * 1000 AS INTEGER), CAST(unixepoch('now', '-8 minutes') * 1000 AS INTEGER)),
  ('10000000-0000-4000-8000-00000000a004', 'waiting', '00000000-0000-4000-8000-000000000003', 'decksong', 'Casual Kitchen Table', 'casual', 'casual', 'New players welcome, we explain everything.', NULL, 1, 4, 0,
    CAST(unixepoch('now', '-3 minutes') * 1000 AS INTEGER), CAST(unixepoch('now', '-3 minutes') * 1000 AS INTEGER)),
  ('10000000-0000-4000-8000-00000000a005', 'active', '00000000-0000-4000-8000-000000000006', 'deckmaster', 'Sealed League Round 2', 'sealed', 'focused', NULL, '00000000-0000-4000-8000-000000000006', 2, 2, 0,
    CAST(unixepoch('now', '-45 minutes') * 1000 AS INTEGER), CAST(unixepoch('now', '-30 minutes') * 1000 AS INTEGER));

INSERT OR IGNORE INTO game_session_members (session_id, user_id, role, seat, joined_at) VALUES
  ('10000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-000000000001', 'player', 1, CAST(unixepoch('now', '-20 minutes') * 1000 AS INTEGER)),
  ('10000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-000000000008', 'player', 2, CAST(unixepoch('now', '-15 minutes') * 1000 AS INTEGER)),
  ('10000000-0000-4000-8000-00000000a002', '00000000-0000-4000-8000-000000000007', 'player', 1, CAST(unixepoch('now', '-12 minutes') * 1000 AS INTEGER)),
  ('10000000-0000-4000-8000-00000000a003', '00000000-0000-4000-8000-000000000004', 'player', 1, CAST(unixepoch('now', '-8 minutes') * 1000 AS INTEGER)),
  ('10000000-0000-4000-8000-00000000a003', '00000000-0000-4000-8000-000000000005', 'player', 2, CAST(unixepoch('now', '-7 minutes') * 1000 AS INTEGER)),
  ('10000000-0000-4000-8000-00000000a003', '00000000-0000-4000-8000-000000000002', 'spectator', NULL, CAST(unixepoch('now', '-6 minutes') * 1000 AS INTEGER)),
  ('10000000-0000-4000-8000-00000000a004', '00000000-0000-4000-8000-000000000003', 'player', 1, CAST(unixepoch('now', '-3 minutes') * 1000 AS INTEGER)),
  ('10000000-0000-4000-8000-00000000a005', '00000000-0000-4000-8000-000000000006', 'player', 1, CAST(unixepoch('now', '-45 minutes') * 1000 AS INTEGER)),
  ('10000000-0000-4000-8000-00000000a005', '00000000-0000-4000-8000-000000000002', 'player', 2, CAST(unixepoch('now', '-44 minutes') * 1000 AS INTEGER));

-- The demo's Commander rooms in Commander Brackets, by the mapping of migration 0015 (workers/contract/brackets.ts).
UPDATE game_sessions SET bracket = CASE power_level WHEN 'casual' THEN 2 WHEN 'focused' THEN 3 WHEN 'optimized' THEN 4 WHEN 'competitive' THEN 5 END
  WHERE format = 'commander' AND bracket IS NULL AND id LIKE '10000000-0000-4000-8000-%';
