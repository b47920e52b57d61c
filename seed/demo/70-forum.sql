-- Demo forum: a pinned welcome post and a few threads per realm, with replies and likes.
-- Counters are recomputed from the rows at the end, so like_count and reply_count always match them.
INSERT OR IGNORE INTO forum_posts (id, community_id, author_id, title, category, content, is_pinned, view_count, created_at, updated_at) VALUES
  ('f0000000-0000-4000-8000-000000000001', 'scry-gather', '00000000-0000-4000-8000-000000000001', 'Welcome to the Scry & Gather forum: read this first', 'general', 'Welcome, planeswalkers!
Keep threads on topic, tag your posts with the right category and be kind in deck critiques.
Pin requests go to the moderators via the contact page.', 1, 412, CAST(unixepoch('now','-30 days') * 1000 AS INTEGER), CAST(unixepoch('now','-30 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000002', 'scry-gather', '00000000-0000-4000-8000-000000000007', 'Is a 7-8 power pod the sweet spot for Commander streams?', 'strategy', 'Optimized decks make for tense games, but fully competitive pods end too fast for viewers.
What power level do your streams run at, and how do you keep the table balanced?', 0, 96, CAST(unixepoch('now','-5 days') * 1000 AS INTEGER), CAST(unixepoch('now','-5 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000003', 'scry-gather', '00000000-0000-4000-8000-000000000001', 'Budget Yuriko ninjas: 100 dollar list', 'deck-tech', 'Sharing my budget ninja list.
The core is cheap evasive creatures plus Ninjutsu payoffs; swap in Fierce Guardianship once you can afford it.', 0, 58, CAST(unixepoch('now','-26 days') * 1000 AS INTEGER), CAST(unixepoch('now','-26 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000004', 'pokestream-hub', '00000000-0000-4000-8000-000000000002', 'PokeStream Hub forum rules and league schedule', 'general', 'Welcome trainers!
League nights are Tuesday and Thursday. Post your decklists in Deck Tech and stream setups in Streaming Tips.', 1, 305, CAST(unixepoch('now','-40 days') * 1000 AS INTEGER), CAST(unixepoch('now','-40 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000005', 'pokestream-hub', '00000000-0000-4000-8000-000000000008', 'Overlay ideas for prize card tracking', 'stream-tips', 'I show remaining prize cards as a small overlay in the corner.
How do you keep viewers aware of prizes without cluttering the screen?', 0, 77, CAST(unixepoch('now','-3 days') * 1000 AS INTEGER), CAST(unixepoch('now','-3 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000006', 'decksong', '00000000-0000-4000-8000-000000000003', 'Decksong: welcome and pinned resources', 'general', 'Welcome to the Decksong forum!
Draft night threads every Thursday, pinned guides below.', 1, 188, CAST(unixepoch('now','-35 days') * 1000 AS INTEGER), CAST(unixepoch('now','-35 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000007', 'decksong', '00000000-0000-4000-8000-000000000003', 'Amber-Steel aggro after the last set', 'deck-tech', 'Amber-Steel keeps questing faster than anything else at my locals.
List and sideboard thoughts inside; looking for feedback on the singer count.', 0, 64, CAST(unixepoch('now','-8 days') * 1000 AS INTEGER), CAST(unixepoch('now','-8 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000008', 'decksong', '00000000-0000-4000-8000-000000000008', 'Looking for a co-caster for Thursday drafts', 'collaboration', 'I stream Thursday drafts and want a second voice.
Bring enthusiasm; experience optional.', 0, 22, CAST(unixepoch('now','-2 days') * 1000 AS INTEGER), CAST(unixepoch('now','-2 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000009', 'duelcraft', '00000000-0000-4000-8000-000000000004', 'Duelcraft forum guide: start here', 'general', 'Welcome duelists!
Use categories, search before posting, and keep combo explanations spoiler-free for live tournaments.', 1, 356, CAST(unixepoch('now','-45 days') * 1000 AS INTEGER), CAST(unixepoch('now','-45 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000010', 'duelcraft', '00000000-0000-4000-8000-000000000004', 'Handtrap math: how many is too many?', 'strategy', 'Running nine handtraps feels safe until you draw five of them against a deck that does not care.
Share your ratios and the matchups that justify them.', 0, 143, CAST(unixepoch('now','-6 days') * 1000 AS INTEGER), CAST(unixepoch('now','-6 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000011', 'duelcraft', '00000000-0000-4000-8000-000000000002', 'Camera angle for showing the full field', 'stream-tips', 'Overhead cams lose card text; angled cams hide the backrow.
What works for you?', 0, 49, CAST(unixepoch('now','-12 days') * 1000 AS INTEGER), CAST(unixepoch('now','-12 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000012', 'bladeforge', '00000000-0000-4000-8000-000000000005', 'Bladeforge forum: pinned rules and hero index', 'general', 'Welcome to the Bladeforge forum.
Pinned: hero index, armory deck templates and the community code of conduct.', 1, 221, CAST(unixepoch('now','-50 days') * 1000 AS INTEGER), CAST(unixepoch('now','-50 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000013', 'bladeforge', '00000000-0000-4000-8000-000000000005', 'Armory deck templates for new heroes', 'deck-tech', 'Here is the template I start from for any new hero.
Ten equipment slots, then tune by matchup.', 0, 71, CAST(unixepoch('now','-9 days') * 1000 AS INTEGER), CAST(unixepoch('now','-9 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000014', 'deckmaster', '00000000-0000-4000-8000-000000000006', 'Deckmaster forum: welcome, coaches and players', 'general', 'Welcome!
Coaching threads go in Strategy & Tactics; collaboration requests in Collaboration.', 1, 167, CAST(unixepoch('now','-33 days') * 1000 AS INTEGER), CAST(unixepoch('now','-33 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000015', 'deckmaster', '00000000-0000-4000-8000-000000000006', 'Spreadsheet for tracking matchup win rates', 'strategy', 'I built a sheet that tracks win rates per matchup and play/draw.
Ask for a copy below.', 0, 88, CAST(unixepoch('now','-4 days') * 1000 AS INTEGER), CAST(unixepoch('now','-4 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000016', 'deckmaster', '00000000-0000-4000-8000-000000000008', 'Collab: weekly analysis show', 'collaboration', 'Looking for two analysts to co-host a weekly breakdown of top decks.', 0, 31, CAST(unixepoch('now','-1 days') * 1000 AS INTEGER), CAST(unixepoch('now','-1 days') * 1000 AS INTEGER));

INSERT OR IGNORE INTO forum_replies (id, post_id, author_id, content, created_at, updated_at) VALUES
  ('f1000000-0000-4000-8000-000001000000', 'f0000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', 'Tried this last weekend and it worked well.', CAST(unixepoch('now','-30 days','+1 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-30 days','+1 hours') * 1000 AS INTEGER)),
  ('f1000000-0000-4000-8000-000001000001', 'f0000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000003', 'I disagree on one point, but mostly agree.', CAST(unixepoch('now','-30 days','+2 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-30 days','+2 hours') * 1000 AS INTEGER)),
  ('f1000000-0000-4000-8000-000002000000', 'f0000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000008', 'I disagree on one point, but mostly agree.', CAST(unixepoch('now','-5 days','+1 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-5 days','+1 hours') * 1000 AS INTEGER)),
  ('f1000000-0000-4000-8000-000002000001', 'f0000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 'Bookmarking this for later.', CAST(unixepoch('now','-5 days','+2 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-5 days','+2 hours') * 1000 AS INTEGER)),
  ('f1000000-0000-4000-8000-000002000002', 'f0000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000002', 'Great write-up, thanks for sharing!', CAST(unixepoch('now','-5 days','+3 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-5 days','+3 hours') * 1000 AS INTEGER)),
  ('f1000000-0000-4000-8000-000003000000', 'f0000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000002', 'Bookmarking this for later.', CAST(unixepoch('now','-26 days','+1 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-26 days','+1 hours') * 1000 AS INTEGER)),
  ('f1000000-0000-4000-8000-000004000000', 'f0000000-0000-4000-8000-000000000004', '00000000-0000-4000-8000-000000000003', 'Great write-up, thanks for sharing!', CAST(unixepoch('now','-40 days','+1 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-40 days','+1 hours') * 1000 AS INTEGER)),
  ('f1000000-0000-4000-8000-000004000001', 'f0000000-0000-4000-8000-000000000004', '00000000-0000-4000-8000-000000000004', 'Tried this last weekend and it worked well.', CAST(unixepoch('now','-40 days','+2 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-40 days','+2 hours') * 1000 AS INTEGER)),
  ('f1000000-0000-4000-8000-000005000000', 'f0000000-0000-4000-8000-000000000005', '00000000-0000-4000-8000-000000000001', 'Tried this last weekend and it worked well.', CAST(unixepoch('now','-3 days','+1 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-3 days','+1 hours') * 1000 AS INTEGER)),
  ('f1000000-0000-4000-8000-000005000001', 'f0000000-0000-4000-8000-000000000005', '00000000-0000-4000-8000-000000000002', 'I disagree on one point, but mostly agree.', CAST(unixepoch('now','-3 days','+2 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-3 days','+2 hours') * 1000 AS INTEGER)),
  ('f1000000-0000-4000-8000-000005000002', 'f0000000-0000-4000-8000-000000000005', '00000000-0000-4000-8000-000000000003', 'Bookmarking this for later.', CAST(unixepoch('now','-3 days','+3 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-3 days','+3 hours') * 1000 AS INTEGER)),
  ('f1000000-0000-4000-8000-000006000000', 'f0000000-0000-4000-8000-000000000006', '00000000-0000-4000-8000-000000000004', 'I disagree on one point, but mostly agree.', CAST(unixepoch('now','-35 days','+1 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-35 days','+1 hours') * 1000 AS INTEGER)),
  ('f1000000-0000-4000-8000-000007000000', 'f0000000-0000-4000-8000-000000000007', '00000000-0000-4000-8000-000000000004', 'Bookmarking this for later.', CAST(unixepoch('now','-8 days','+1 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-8 days','+1 hours') * 1000 AS INTEGER)),
  ('f1000000-0000-4000-8000-000007000001', 'f0000000-0000-4000-8000-000000000007', '00000000-0000-4000-8000-000000000005', 'Great write-up, thanks for sharing!', CAST(unixepoch('now','-8 days','+2 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-8 days','+2 hours') * 1000 AS INTEGER)),
  ('f1000000-0000-4000-8000-000008000000', 'f0000000-0000-4000-8000-000000000008', '00000000-0000-4000-8000-000000000001', 'Great write-up, thanks for sharing!', CAST(unixepoch('now','-2 days','+1 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-2 days','+1 hours') * 1000 AS INTEGER)),
  ('f1000000-0000-4000-8000-000008000001', 'f0000000-0000-4000-8000-000000000008', '00000000-0000-4000-8000-000000000002', 'Tried this last weekend and it worked well.', CAST(unixepoch('now','-2 days','+2 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-2 days','+2 hours') * 1000 AS INTEGER)),
  ('f1000000-0000-4000-8000-000008000002', 'f0000000-0000-4000-8000-000000000008', '00000000-0000-4000-8000-000000000003', 'I disagree on one point, but mostly agree.', CAST(unixepoch('now','-2 days','+3 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-2 days','+3 hours') * 1000 AS INTEGER)),
  ('f1000000-0000-4000-8000-000009000000', 'f0000000-0000-4000-8000-000000000009', '00000000-0000-4000-8000-000000000005', 'Tried this last weekend and it worked well.', CAST(unixepoch('now','-45 days','+1 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-45 days','+1 hours') * 1000 AS INTEGER)),
  ('f1000000-0000-4000-8000-000010000000', 'f0000000-0000-4000-8000-000000000010', '00000000-0000-4000-8000-000000000005', 'I disagree on one point, but mostly agree.', CAST(unixepoch('now','-6 days','+1 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-6 days','+1 hours') * 1000 AS INTEGER)),
  ('f1000000-0000-4000-8000-000010000001', 'f0000000-0000-4000-8000-000000000010', '00000000-0000-4000-8000-000000000006', 'Bookmarking this for later.', CAST(unixepoch('now','-6 days','+2 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-6 days','+2 hours') * 1000 AS INTEGER)),
  ('f1000000-0000-4000-8000-000011000000', 'f0000000-0000-4000-8000-000000000011', '00000000-0000-4000-8000-000000000003', 'Bookmarking this for later.', CAST(unixepoch('now','-12 days','+1 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-12 days','+1 hours') * 1000 AS INTEGER)),
  ('f1000000-0000-4000-8000-000011000001', 'f0000000-0000-4000-8000-000000000011', '00000000-0000-4000-8000-000000000004', 'Great write-up, thanks for sharing!', CAST(unixepoch('now','-12 days','+2 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-12 days','+2 hours') * 1000 AS INTEGER)),
  ('f1000000-0000-4000-8000-000011000002', 'f0000000-0000-4000-8000-000000000011', '00000000-0000-4000-8000-000000000005', 'Tried this last weekend and it worked well.', CAST(unixepoch('now','-12 days','+3 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-12 days','+3 hours') * 1000 AS INTEGER)),
  ('f1000000-0000-4000-8000-000012000000', 'f0000000-0000-4000-8000-000000000012', '00000000-0000-4000-8000-000000000006', 'Great write-up, thanks for sharing!', CAST(unixepoch('now','-50 days','+1 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-50 days','+1 hours') * 1000 AS INTEGER)),
  ('f1000000-0000-4000-8000-000013000000', 'f0000000-0000-4000-8000-000000000013', '00000000-0000-4000-8000-000000000006', 'Tried this last weekend and it worked well.', CAST(unixepoch('now','-9 days','+1 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-9 days','+1 hours') * 1000 AS INTEGER)),
  ('f1000000-0000-4000-8000-000013000001', 'f0000000-0000-4000-8000-000000000013', '00000000-0000-4000-8000-000000000007', 'I disagree on one point, but mostly agree.', CAST(unixepoch('now','-9 days','+2 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-9 days','+2 hours') * 1000 AS INTEGER)),
  ('f1000000-0000-4000-8000-000014000000', 'f0000000-0000-4000-8000-000000000014', '00000000-0000-4000-8000-000000000007', 'I disagree on one point, but mostly agree.', CAST(unixepoch('now','-33 days','+1 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-33 days','+1 hours') * 1000 AS INTEGER)),
  ('f1000000-0000-4000-8000-000014000001', 'f0000000-0000-4000-8000-000000000014', '00000000-0000-4000-8000-000000000008', 'Bookmarking this for later.', CAST(unixepoch('now','-33 days','+2 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-33 days','+2 hours') * 1000 AS INTEGER)),
  ('f1000000-0000-4000-8000-000014000002', 'f0000000-0000-4000-8000-000000000014', '00000000-0000-4000-8000-000000000001', 'Great write-up, thanks for sharing!', CAST(unixepoch('now','-33 days','+3 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-33 days','+3 hours') * 1000 AS INTEGER)),
  ('f1000000-0000-4000-8000-000015000000', 'f0000000-0000-4000-8000-000000000015', '00000000-0000-4000-8000-000000000007', 'Bookmarking this for later.', CAST(unixepoch('now','-4 days','+1 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-4 days','+1 hours') * 1000 AS INTEGER)),
  ('f1000000-0000-4000-8000-000016000000', 'f0000000-0000-4000-8000-000000000016', '00000000-0000-4000-8000-000000000001', 'Great write-up, thanks for sharing!', CAST(unixepoch('now','-1 days','+1 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-1 days','+1 hours') * 1000 AS INTEGER)),
  ('f1000000-0000-4000-8000-000016000001', 'f0000000-0000-4000-8000-000000000016', '00000000-0000-4000-8000-000000000002', 'Tried this last weekend and it worked well.', CAST(unixepoch('now','-1 days','+2 hours') * 1000 AS INTEGER), CAST(unixepoch('now','-1 days','+2 hours') * 1000 AS INTEGER));

INSERT OR IGNORE INTO forum_likes (post_id, user_id, created_at) VALUES
  ('f0000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000003', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000004', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000002', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000003', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000004', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000005', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000006', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000004', '00000000-0000-4000-8000-000000000004', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000004', '00000000-0000-4000-8000-000000000005', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000004', '00000000-0000-4000-8000-000000000006', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000004', '00000000-0000-4000-8000-000000000007', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000004', '00000000-0000-4000-8000-000000000008', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000005', '00000000-0000-4000-8000-000000000002', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000006', '00000000-0000-4000-8000-000000000005', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000006', '00000000-0000-4000-8000-000000000006', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000007', '00000000-0000-4000-8000-000000000005', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000007', '00000000-0000-4000-8000-000000000006', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000007', '00000000-0000-4000-8000-000000000007', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000008', '00000000-0000-4000-8000-000000000002', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000008', '00000000-0000-4000-8000-000000000003', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000008', '00000000-0000-4000-8000-000000000004', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000008', '00000000-0000-4000-8000-000000000005', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000009', '00000000-0000-4000-8000-000000000001', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000009', '00000000-0000-4000-8000-000000000002', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000009', '00000000-0000-4000-8000-000000000006', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000009', '00000000-0000-4000-8000-000000000007', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000009', '00000000-0000-4000-8000-000000000008', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000010', '00000000-0000-4000-8000-000000000006', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000011', '00000000-0000-4000-8000-000000000004', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000011', '00000000-0000-4000-8000-000000000005', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000012', '00000000-0000-4000-8000-000000000001', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000012', '00000000-0000-4000-8000-000000000007', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000012', '00000000-0000-4000-8000-000000000008', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000013', '00000000-0000-4000-8000-000000000001', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000013', '00000000-0000-4000-8000-000000000002', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000013', '00000000-0000-4000-8000-000000000007', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000013', '00000000-0000-4000-8000-000000000008', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000014', '00000000-0000-4000-8000-000000000001', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000014', '00000000-0000-4000-8000-000000000002', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000014', '00000000-0000-4000-8000-000000000003', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000014', '00000000-0000-4000-8000-000000000004', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000014', '00000000-0000-4000-8000-000000000008', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000015', '00000000-0000-4000-8000-000000000008', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000016', '00000000-0000-4000-8000-000000000002', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER)),
  ('f0000000-0000-4000-8000-000000000016', '00000000-0000-4000-8000-000000000003', CAST(unixepoch('now','-1 days') * 1000 AS INTEGER));

UPDATE forum_posts SET
  like_count = (SELECT count(*) FROM forum_likes WHERE forum_likes.post_id = forum_posts.id),
  reply_count = (SELECT count(*) FROM forum_replies WHERE forum_replies.post_id = forum_posts.id)
WHERE id LIKE 'f0000000-0000-4000-8000-%';
