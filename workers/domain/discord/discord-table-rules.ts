/** When a Discord table goes stale (issue 39): pure figures, shared by the tables' statements and their messages. */

/** A table nobody joined for this long (and older than it) is closed: by the cron (closeStaleTables) or the channel's next `/lfg`. */
export const TABLE_STALE_MS = 3 * 60 * 60_000;

/** How many stale tables one cron run closes (each costs one edit of its message at Discord). */
export const STALE_TABLES_PER_RUN = 10;
