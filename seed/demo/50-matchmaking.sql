-- Matchmaking preferences of demo members 1..7 (Zoe, 8, has none: she gets the defaults),
-- their games index (one row per game, what find-players filters on) and a few connections.
INSERT OR IGNORE INTO matchmaking_preferences
  (user_id, selected_games, selected_formats, power_level_min, power_level_max, playstyle, location, online_only, availability, language, max_distance) VALUES
  ('00000000-0000-4000-8000-000000000001', '["Magic"]', '["commander","draft"]', 6, 8, 'optimized', 'Austin, USA', 0, 'weekday-evenings', 'english', 50),
  ('00000000-0000-4000-8000-000000000002', '["Pokemon","Magic"]', '["pokemon-standard","standard"]', 7, 10, 'competitive', 'Vancouver, Canada', 1, 'weekends', 'english', 100),
  ('00000000-0000-4000-8000-000000000003', '["Lorcana","Magic"]', '["lorcana-constructed","draft"]', 3, 6, 'casual', 'Oslo, Norway', 0, 'weekday-evenings', 'english', 30),
  ('00000000-0000-4000-8000-000000000004', '["Yu-Gi-Oh","Magic"]', '["yugioh-advanced","modern"]', 8, 10, 'competitive', 'Lisbon, Portugal', 0, 'late-night', 'portuguese', 25),
  ('00000000-0000-4000-8000-000000000005', '["Magic","Lorcana"]', '["commander","legacy"]', 5, 7, 'focused', 'Osaka, Japan', 1, 'any', 'japanese', 0),
  ('00000000-0000-4000-8000-000000000006', '["Magic","Pokemon","Lorcana","Yu-Gi-Oh"]', '["commander","modern","pokemon-expanded"]', 4, 8, 'any', 'Austin, USA', 0, 'weekends', 'english', 200),
  ('00000000-0000-4000-8000-000000000007', '["Magic"]', '["draft","legacy","commander"]', 1, 5, 'casual', 'Dublin, Ireland', 0, 'daytime', 'english', 75);

INSERT OR IGNORE INTO matchmaking_games (user_id, game) VALUES
  ('00000000-0000-4000-8000-000000000001', 'Magic'),
  ('00000000-0000-4000-8000-000000000002', 'Pokemon'),
  ('00000000-0000-4000-8000-000000000002', 'Magic'),
  ('00000000-0000-4000-8000-000000000003', 'Lorcana'),
  ('00000000-0000-4000-8000-000000000003', 'Magic'),
  ('00000000-0000-4000-8000-000000000004', 'Yu-Gi-Oh'),
  ('00000000-0000-4000-8000-000000000004', 'Magic'),
  ('00000000-0000-4000-8000-000000000005', 'Magic'),
  ('00000000-0000-4000-8000-000000000005', 'Lorcana'),
  ('00000000-0000-4000-8000-000000000006', 'Magic'),
  ('00000000-0000-4000-8000-000000000006', 'Pokemon'),
  ('00000000-0000-4000-8000-000000000006', 'Lorcana'),
  ('00000000-0000-4000-8000-000000000006', 'Yu-Gi-Oh'),
  ('00000000-0000-4000-8000-000000000007', 'Magic');

-- Alex is friends with Priya and Liam; Maya has invited Alex; Alex has invited Jonas.
INSERT OR IGNORE INTO friendships (id, requester_id, addressee_id, status, created_at, updated_at) VALUES
  ('00000000-0000-4000-a000-000000000701', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000006', 'accepted',
    CAST(unixepoch('now','-20 days') * 1000 AS INTEGER), CAST(unixepoch('now','-19 days') * 1000 AS INTEGER)),
  ('00000000-0000-4000-a000-000000000702', '00000000-0000-4000-8000-000000000007', '00000000-0000-4000-8000-000000000001', 'accepted',
    CAST(unixepoch('now','-9 days') * 1000 AS INTEGER), CAST(unixepoch('now','-8 days') * 1000 AS INTEGER)),
  ('00000000-0000-4000-a000-000000000703', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 'pending',
    CAST(unixepoch('now','-1 days') * 1000 AS INTEGER), CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('00000000-0000-4000-a000-000000000704', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000003', 'pending',
    CAST(unixepoch('now','-2 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-2 hours') * 1000 AS INTEGER));
