import { useEffect, useRef } from "react";

/**
 * Runs `effect` once for each new answer (compared by identity, so a repeated submit with the same outcome runs it
 * again), after the first commit that shows it.
 *
 * It checks after every commit rather than with `[answer]` as the effect's dependency: a fetcher's data is read during
 * render from a map Remix's router fills before React hears of the change. A render that React then bails out of
 * (nothing it tracks changed: a state set to its own value, while the router's update waits in a transition) keeps
 * the hooks it rendered, the new answer among the dependencies, but drops their effects; every later render then
 * compares the answer with itself and the effect never runs. On a slow phone the friend request's Accept lost its toast
 * that way (1 in 5 runs at 40× CPU); `answer-effect.test.ts` makes that render happen.
 */
export function useAnswerEffect<Answer>(answer: Answer | undefined | null, effect: (answer: Answer) => void) {
  const handled = useRef<unknown>(null);
  const latest = useRef(effect);
  latest.current = effect;
  useEffect(() => {
    if (answer === undefined || answer === null || answer === handled.current) return;
    handled.current = answer;
    latest.current(answer);
  });
}
