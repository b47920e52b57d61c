-- Demo tournaments (issue 8): upcoming events in a few realms, some seats already taken. Fixed ids: idempotent.
INSERT OR IGNORE INTO tournaments (id, name, description, game_format, max_participants, start_date, prize_pool, rules, community_id, organizer_id, status, pairing) VALUES
  ('00000000-0000-4000-8600-000000000001', 'Friday Night Modern', 'Weekly Modern Swiss on webcam. Three rounds, best of three, top players share the prize.', 'modern', 8,
   strftime('%Y-%m-%dT19:00:00.000Z', 'now', '+3 days'), 'Booster box for first place', 'Best of three, 50-minute rounds. Decklists due before round 1.', 'scry-gather', '00000000-0000-4000-8000-000000000001', 'upcoming', 'swiss'),
  ('00000000-0000-4000-8600-000000000002', 'Commander Cup', 'A relaxed single-elimination Commander bracket for focused decks (power 6-7).', 'commander', 16,
   strftime('%Y-%m-%dT17:00:00.000Z', 'now', '+10 days'), 'Playmats for the finalists', 'No infinite combos before turn 6.', 'scry-gather', '00000000-0000-4000-8000-000000000007', 'upcoming', 'single_elimination'),
  ('00000000-0000-4000-8600-000000000003', 'Pokestream League Challenge', 'Standard challenge streamed on the league channel.', 'pokemon-standard', 8,
   strftime('%Y-%m-%dT18:00:00.000Z', 'now', '+5 days'), NULL, NULL, 'pokestream-hub', '00000000-0000-4000-8000-000000000002', 'upcoming', 'swiss'),
  ('00000000-0000-4000-8600-000000000004', 'Inkwell Constructed Open', 'Lorcana Constructed open: bring your best two-ink list.', 'lorcana-constructed', 32,
   strftime('%Y-%m-%dT16:00:00.000Z', 'now', '+14 days'), 'Store credit', NULL, 'decksong', '00000000-0000-4000-8000-000000000003', 'upcoming', 'swiss');

INSERT OR IGNORE INTO tournament_participants (tournament_id, user_id) VALUES
  ('00000000-0000-4000-8600-000000000001', '00000000-0000-4000-8000-000000000007'),
  ('00000000-0000-4000-8600-000000000001', '00000000-0000-4000-8000-000000000008'),
  ('00000000-0000-4000-8600-000000000001', '00000000-0000-4000-8000-000000000004'),
  ('00000000-0000-4000-8600-000000000002', '00000000-0000-4000-8000-000000000001'),
  ('00000000-0000-4000-8600-000000000002', '00000000-0000-4000-8000-000000000008'),
  ('00000000-0000-4000-8600-000000000003', '00000000-0000-4000-8000-000000000008'),
  ('00000000-0000-4000-8600-000000000003', '00000000-0000-4000-8000-000000000006'),
  ('00000000-0000-4000-8600-000000000004', '00000000-0000-4000-8000-000000000005');
