// Generates the large data set of the API benchmark as one SQL file:
// N events, 5N forum posts, N members with matchmaking preferences, N/20 waiting game sessions.
// `scale` 1 = 10,000 events / 50,000 posts / 10,000 members.
import { writeFileSync } from "node:fs";

const COMMUNITIES = ["scry-gather", "pokestream-hub", "decksong", "duelcraft", "bladeforge", "deckmaster"];
const GAMES = ["Magic", "Pokemon", "Lorcana", "Yu-Gi-Oh"];
const FORMATS = ["commander", "standard", "modern", "draft"];
const PLAYSTYLES = ["any", "casual", "focused", "optimized", "competitive"];
const EVENT_TYPES = ["tournament", "convention", "release", "game_pod", "community"];
const CATEGORIES = ["strategy", "deck-tech", "stream-tips", "collaboration", "general"];
const DAY = 86_400_000;

const esc = (s) => `'${String(s).replace(/'/g, "''")}'`;
const id = (prefix, i) => `${prefix}-${String(i).padStart(8, "0")}-bench`;

function rows(table, columns, count, make, chunk = 400) {
  const out = [];
  for (let start = 0; start < count; start += chunk) {
    const values = [];
    for (let i = start; i < Math.min(count, start + chunk); i++) values.push(`(${make(i).join(", ")})`);
    out.push(`INSERT OR IGNORE INTO ${table} (${columns.join(", ")}) VALUES\n${values.join(",\n")};`);
  }
  return out;
}

export function largeDatasetSql(scale = 1, now = Date.now()) {
  const members = Math.round(10_000 * scale);
  const events = Math.round(10_000 * scale);
  const posts = Math.round(50_000 * scale);
  const sessions = Math.max(10, Math.round(500 * scale));
  const sql = [];
  sql.push(
    ...rows("users", ["id", "email", "first_name", "last_name", "username", "status", "last_active_at"], members, (i) => [
      esc(id("u", i)),
      esc(`bench${i}@bench.realmcast.gg`),
      esc(`Bench${i}`),
      esc("Member"),
      esc(`bench${i}`),
      esc("online"),
      now - (i % 500) * 60_000,
    ]),
  );
  sql.push(
    ...rows(
      "matchmaking_preferences",
      [
        "user_id",
        "selected_games",
        "selected_formats",
        "power_level_min",
        "power_level_max",
        "playstyle",
        "location",
        "online_only",
        "availability",
        "language",
        "max_distance",
      ],
      members,
      (i) => [
        esc(id("u", i)),
        esc(JSON.stringify([GAMES[i % 4], GAMES[(i + 1) % 4]])),
        esc(JSON.stringify([FORMATS[i % 4]])),
        1 + (i % 5),
        5 + (i % 6),
        esc(PLAYSTYLES[i % 5]),
        esc(""),
        0,
        esc("any"),
        esc("english"),
        50,
      ],
    ),
  );
  sql.push(
    ...rows("matchmaking_games", ["user_id", "game"], members * 2, (i) => [esc(id("u", i >> 1)), esc(GAMES[((i >> 1) + (i & 1)) % 4])]),
  );
  sql.push(
    ...rows(
      "events",
      [
        "id",
        "title",
        "description",
        "type",
        "date",
        "time",
        "starts_at",
        "location",
        "community_id",
        "creator_id",
        "player_slots",
        "alternate_slots",
      ],
      events,
      (i) => {
        const startsAt = now + ((i % 365) - 60) * DAY + (i % 24) * 3_600_000;
        const d = new Date(startsAt);
        return [
          esc(id("e", i)),
          esc(`Bench event ${i}`),
          esc("Generated for the API benchmark"),
          esc(EVENT_TYPES[i % 5]),
          esc(d.toISOString().slice(0, 10)),
          esc(d.toISOString().slice(11, 16)),
          startsAt,
          esc("Online"),
          esc(COMMUNITIES[i % 6]),
          esc(id("u", i % members)),
          4,
          2,
        ];
      },
    ),
  );
  sql.push(
    ...rows(
      "forum_posts",
      ["id", "community_id", "author_id", "title", "category", "content", "is_pinned", "created_at", "updated_at"],
      posts,
      (i) => [
        esc(id("p", i)),
        esc(COMMUNITIES[i % 6]),
        esc(id("u", i % members)),
        esc(`Bench post ${i}`),
        esc(CATEGORIES[i % 5]),
        esc("Generated post body for the API benchmark."),
        i % 1000 === 0 ? 1 : 0,
        now - i * 1000,
        now - i * 1000,
      ],
    ),
  );
  sql.push(
    ...rows(
      "game_sessions",
      [
        "id",
        "status",
        "host_id",
        "community_id",
        "name",
        "format",
        "power_level",
        "description",
        "current_players",
        "max_players",
        "created_at",
      ],
      sessions,
      (i) => [
        esc(id("s", i)),
        esc(i % 3 === 0 ? "active" : "waiting"),
        esc(id("u", i % members)),
        esc(COMMUNITIES[i % 6]),
        esc(`Bench room ${i}`),
        esc("commander"),
        esc("focused"),
        esc("commander game session"),
        1,
        4,
        now - i * 60_000,
      ],
    ),
  );
  return sql.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const scale = Number(process.argv[2] ?? 1);
  const out = process.argv[3] ?? `/tmp/realmcast-bench-${scale}.sql`;
  writeFileSync(out, largeDatasetSql(scale));
  console.log(out);
}
