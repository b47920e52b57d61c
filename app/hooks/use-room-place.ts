import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "@remix-run/react";
import { useResultToast, type ActionResult } from "~/lib/forms";

/** How often one page asks for a place on its own before it leaves it to the member. */
const MAX_ENTRIES = 3;

/**
 * The member's place in the room, taken through the room page's action (the
 * room service): the socket only attaches to a place the service gave. A page
 * opened from a link (no place yet) takes one by itself, and so does a page
 * whose place the room says is gone (a spectator's ends with its last socket).
 * A refusal stops it; its toast says why.
 */
export function useRoomPlace(mode: "play" | "spectate", hasPlace: boolean) {
  const fetcher = useFetcher<ActionResult<{ role: "player" | "spectator" }>>();
  useResultToast(fetcher.data);
  const [held, setHeld] = useState(hasPlace);
  const [refusal, setRefusal] = useState<string | null>(null);
  const seen = useRef<unknown>(null);
  const entries = useRef(0);

  useEffect(() => {
    if (fetcher.state !== "idle") return;
    const answer = fetcher.data;
    if (answer && answer !== seen.current) {
      seen.current = answer;
      if (answer.ok) setHeld(true);
      else setRefusal(answer.message);
      return;
    }
    if (held || refusal || entries.current >= MAX_ENTRIES) return;
    entries.current += 1;
    fetcher.submit({ intent: "enter", mode }, { method: "post" });
  }, [fetcher, held, refusal, mode]);

  /** The room says this member has no place (any more): take one again. */
  const lost = useCallback(() => setHeld(false), []);
  return { held, refusal, lost };
}
