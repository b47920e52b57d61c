import { useEffect, useRef, useState } from "react";
import { Search, Share2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import type { CardDto } from "../../../../workers/contract/cards";
import { captureFrame } from "./capture";
import { identify, referenceSet } from "../../../../card-vision";
import { referenceHashes } from "./references";

export type Capture = { video: HTMLVideoElement; x: number; y: number };

type State =
  | { kind: "identifying"; done: number; total: number }
  | { kind: "matched"; ranked: CardDto[] }
  | { kind: "none" }
  | { kind: "error"; message: string };

/** How many cards "Not this card?" offers. */
const RUNNERS_UP = 4;

/**
 * Click a card on camera to identify it (issue 26), loaded on the first click: the frame around the click is read
 * on this machine, the card found and hashed, and compared with the cards of the table's deck lists
 * (`candidates`). Shows the best match, "Not this card?" with the next ones, and "Show to table"; when nothing
 * matches, says so and offers the name search.
 */
export default function CardIdentifyPanel({
  candidates,
  capture,
  onShare,
  onSearchByName,
  onClose,
}: {
  candidates: CardDto[];
  capture: Capture | null;
  /** Shows the card to the table; absent for who may not (a spectator): then there is no "Show to table". */
  onShare?: (card: CardDto) => void;
  onSearchByName: () => void;
  onClose: () => void;
}) {
  const [state, setState] = useState<State>({ kind: "identifying", done: 0, total: 0 });
  const [chosen, setChosen] = useState(0);

  useEffect(() => {
    if (!capture) return;
    let current = true;
    setChosen(0);
    setState({ kind: "identifying", done: 0, total: 0 });
    // The frame is read at once, before the card moves; the table's hashes may take a moment the first time.
    let region: ReturnType<typeof captureFrame>;
    try {
      region = captureFrame(capture.video, { x: capture.x, y: capture.y });
    } catch (error) {
      console.warn("Video frame could not be read", error);
      setState({ kind: "error", message: "The video could not be read. Try again, or search by name." });
      return;
    }
    if (candidates.length === 0) {
      setState({ kind: "none" });
      return;
    }
    void referenceHashes(candidates, (done, total) => {
      if (current) setState({ kind: "identifying", done, total });
    })
      .then((references) => {
        if (!current) return;
        const result = identify(region.frame, region.click, referenceSet(references), { count: RUNNERS_UP + 1 });
        const byId = new Map(candidates.map((c) => [c.id, c]));
        const ranked = result.ranked.flatMap((r) => byId.get(r.id) ?? []);
        // "No match" rather than a wrong name: only a near enough best is named; the name search is the way on.
        setState(result.match && ranked.length > 0 ? { kind: "matched", ranked } : { kind: "none" });
      })
      .catch((error: unknown) => {
        console.warn("Card identification failed", error);
        if (current) setState({ kind: "error", message: "The card could not be identified. Try again, or search by name." });
      });
    return () => {
      current = false;
    };
  }, [capture, candidates]);

  const best = state.kind === "matched" ? state.ranked[chosen] : null;
  const others = state.kind === "matched" ? state.ranked.filter((_, i) => i !== chosen) : [];

  // "Search by name" closes the dialog first and moves focus once it is gone: Radix gives focus back to what opened
  // the dialog as it closes, which would otherwise take it away from the lookup's box.
  const searching = useRef(false);
  const searchByName = () => {
    searching.current = true;
    onClose();
  };

  return (
    <Dialog open={capture !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title="Identify card"
        onCloseAutoFocus={(event) => {
          if (!searching.current) return;
          event.preventDefault();
          onSearchByName();
        }}
        className="max-w-md p-4 sm:p-6"
        // In theatre mode (the video panel full screen) or a full-screen tile only that element shows.
        container={typeof document === "undefined" ? undefined : ((document.fullscreenElement as HTMLElement | null) ?? undefined)}
      >
        <div aria-live="polite" data-testid="card-identify">
          {state.kind === "identifying" ? (
            <p className="text-sm text-muted" role="status">
              Identifying…
              {state.total > 0 && state.done < state.total ? ` (reading the table's cards: ${state.done}/${state.total})` : null}
            </p>
          ) : null}
          {best ? (
            <div className="space-y-3">
              <div className="flex gap-3">
                <img src={best.imageUrl} alt={best.name} width={146} height={204} className="h-auto w-32 shrink-0 rounded-lg sm:w-36" />
                <div className="min-w-0 space-y-1">
                  <p className="text-lg font-bold" data-testid="identified-card">
                    {best.name}
                  </p>
                  <p className="text-sm text-muted">{best.typeLine}</p>
                  {onShare ? (
                    <Button
                      className="mt-2"
                      onClick={() => {
                        onShare(best);
                        onClose();
                      }}
                    >
                      <Share2 className="h-4 w-4" aria-hidden="true" /> Show to table
                    </Button>
                  ) : null}
                </div>
              </div>
              {others.length > 0 ? (
                <section aria-labelledby="not-this-card">
                  <h3 id="not-this-card" className="text-sm font-semibold">
                    Not this card?
                  </h3>
                  <ul className="mt-1 grid grid-cols-2 gap-2">
                    {others.map((card) => (
                      <li key={card.id}>
                        <button
                          type="button"
                          className="flex w-full items-center gap-2 rounded-lg border border-border p-1 text-left text-sm hover:border-primary"
                          onClick={() => setChosen(state.kind === "matched" ? state.ranked.indexOf(card) : 0)}
                        >
                          <img src={card.smallImageUrl} alt="" width={36} height={50} className="h-[50px] w-9 shrink-0 rounded" />
                          <span className="min-w-0 break-words">{card.name}</span>
                        </button>
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}
              <Button variant="ghost" size="sm" onClick={searchByName}>
                <Search className="h-4 w-4" aria-hidden="true" /> Search by name
              </Button>
            </div>
          ) : null}
          {state.kind === "none" || state.kind === "error" ? (
            <div className="space-y-3">
              <p role="alert" className="text-sm">
                {state.kind === "none" ? "No card from the table's deck lists matches" : state.message}
              </p>
              <Button onClick={searchByName}>
                <Search className="h-4 w-4" aria-hidden="true" /> Search by name
              </Button>
            </div>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
