/**
 * Time budgets for the browser tests. The budgets written in the specs were set on this project's
 * 2-core machine on an ordinary day; the same machine kind has run the whole suite more than three
 * times slower on a busy one (`.ci/run` of one commit took 14 minutes one day and about 46 the next).
 * Every timeout goes through `scaled`, so one factor, E2E_TIME_SCALE (default 2), gives them all
 * room at once. A timeout only bounds how long a failing wait lasts: a passing test is not slower.
 * Lower bounds in assertions (a toast shown for at least 400 ms) are never scaled.
 */
const DEFAULT_SCALE = 2;

function readScale(raw: string | undefined): number {
  const value = Number(raw);
  return raw !== undefined && raw !== "" && Number.isFinite(value) && value > 0 ? value : DEFAULT_SCALE;
}

const TIME_SCALE = readScale(process.env.E2E_TIME_SCALE);

export const scaled = (ms: number): number => Math.round(ms * TIME_SCALE);
