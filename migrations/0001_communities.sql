-- The six realms exist in every environment (local, tests, production).
-- INSERT OR IGNORE keeps the migration safe to re-run against a seeded database.
INSERT OR IGNORE INTO communities (id, name, display_name, description, icon_class, theme_color, sort_order) VALUES
  ('scry-gather', 'Scry & Gather', 'Scry & Gather', 'Magic: The Gathering players and streamers: Commander pods, cube nights and spell-slinging collaborations across the Multiverse.', 'wand', '#7c3aed', 1),
  ('pokestream-hub', 'PokeStream Hub', 'PokeStream Hub', 'Pokemon TCG trainers streaming ladder climbs, pack openings and league nights together.', 'zap', '#f59e0b', 2),
  ('decksong', 'Decksong', 'Decksong', 'Disney Lorcana storytellers sharing inkwell strategies, draft nights and tales from the Great Illuminary.', 'music', '#0ea5e9', 3),
  ('duelcraft', 'Duelcraft', 'Duelcraft', 'Yu-Gi-Oh! duelists: combo labs, locals coverage and shadow-realm showdowns on stream.', 'swords', '#dc2626', 4),
  ('bladeforge', 'Bladeforge', 'Bladeforge', 'Commanders of the Bladeforge card game: hero builds, armory decks and clash-night streams.', 'shield', '#ea580c', 5),
  ('deckmaster', 'Deckmaster', 'Deckmaster', 'Strategists of every card game: theory-crafting, deck analysis and coaching for competitive play.', 'crown', '#059669', 6);
