import { StartDate } from "./start-date";

/** The running round's clock (pods): when it ends and how long is left; once it is up, what happens to pods still playing. */
export function RoundClock({ endsAt, now }: { endsAt: string; now: number }) {
  const left = Math.ceil((Date.parse(endsAt) - now) / 60_000);
  return (
    <span className="text-xs font-normal text-muted" data-testid="round-clock">
      {left > 0 ? (
        <>
          ends <StartDate iso={endsAt} /> · {left} min left
        </>
      ) : (
        <>Time is up: a pod still playing is a draw once the organizer calls time.</>
      )}
    </span>
  );
}
