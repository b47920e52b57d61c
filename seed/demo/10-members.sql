-- Demo members (dev sign-in lists everyone @demo.realmcast.gg). Fixed ids keep the seed idempotent.
INSERT OR IGNORE INTO users (id, email, first_name, last_name, username, bio, status, primary_community) VALUES
  ('00000000-0000-4000-8000-000000000001', 'alex@demo.realmcast.gg', 'Alex', 'Rivera', 'alexcasts', 'Commander brewer and weekend streamer. Always up for a 7-8 power pod.', 'online', 'scry-gather'),
  ('00000000-0000-4000-8000-000000000002', 'maya@demo.realmcast.gg', 'Maya', 'Chen', 'mayaplays', 'Pokemon TCG league regular, streaming ladder climbs three nights a week.', 'gaming', 'pokestream-hub'),
  ('00000000-0000-4000-8000-000000000003', 'jonas@demo.realmcast.gg', 'Jonas', 'Berg', 'inkwelljonas', 'Lorcana storyteller. Draft nights every Thursday.', 'away', 'decksong'),
  ('00000000-0000-4000-8000-000000000004', 'sofia@demo.realmcast.gg', 'Sofia', 'Martins', 'sofiaduels', 'Combo lab enjoyer and locals coverage caster.', 'online', 'duelcraft'),
  ('00000000-0000-4000-8000-000000000005', 'kenji@demo.realmcast.gg', 'Kenji', 'Watanabe', 'kenjiforge', 'Bladeforge hero builds and armory deck theory.', 'busy', 'bladeforge'),
  ('00000000-0000-4000-8000-000000000006', 'priya@demo.realmcast.gg', 'Priya', 'Nair', 'priyastrats', 'Coach, analyst and spreadsheet wizard for competitive play.', 'online', 'deckmaster'),
  ('00000000-0000-4000-8000-000000000007', 'liam@demo.realmcast.gg', 'Liam', 'OConnor', 'liamcubes', 'Cube curator. Ask me about my 540.', 'offline', 'scry-gather'),
  ('00000000-0000-4000-8000-000000000008', 'zoe@demo.realmcast.gg', 'Zoe', 'Adler', 'zoeplays', 'Variety card-game streamer trying every realm.', 'online', NULL);

INSERT OR IGNORE INTO user_communities (user_id, community_id) VALUES
  ('00000000-0000-4000-8000-000000000001', 'scry-gather'),
  ('00000000-0000-4000-8000-000000000002', 'pokestream-hub'),
  ('00000000-0000-4000-8000-000000000003', 'decksong'),
  ('00000000-0000-4000-8000-000000000004', 'duelcraft'),
  ('00000000-0000-4000-8000-000000000005', 'bladeforge'),
  ('00000000-0000-4000-8000-000000000006', 'deckmaster'),
  ('00000000-0000-4000-8000-000000000007', 'scry-gather'),
  ('00000000-0000-4000-8000-000000000008', 'scry-gather'),
  ('00000000-0000-4000-8000-000000000008', 'pokestream-hub');
