import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useParams } from "@remix-run/react";
import { Search, Share2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import type { CardDto } from "../../../../workers/contract/cards";
import { captureFrame } from "./capture";
import { identifyClick } from "./identify-click";
import type { Printing } from "./identifier-protocol";
import { tableKeyOf } from "./table-key";

/** A click on a video: the video, the point in its pixels, and when (the event's time stamp, performance.now's clock). */
export type Capture = { video: HTMLVideoElement; x: number; y: number; at?: number };

/** Which candidates named the card: the table's decks, or the whole pool (every printing of every card). */
type Source = "table" | "pool";

type State =
  | { kind: "identifying"; pending: number }
  | { kind: "matched"; ranked: Printing[]; source: Source }
  | { kind: "none" }
  | { kind: "error"; message: string };

/** How many cards "Not this card?" offers. */
const RUNNERS_UP = 4;

const SOURCE_TEXT: Record<Source, string> = { table: "from the table's decks", pool: "from every card" };

/** A printing as the card the room's "Show to table" takes (only its id is sent). */
const asCard = (p: Printing): CardDto => ({
  id: p.id,
  name: p.name,
  typeLine: p.typeLine,
  imageUrl: p.imageUrl,
  smallImageUrl: p.smallImageUrl,
  set: p.set,
  collectorNumber: p.collectorNumber,
  manaCost: "",
  oracleText: "",
  colors: [],
  artUrl: "",
  scryfallUri: "",
});

/** "CMR · 263": a printing's set code and collector number. */
export const printingLabel = (p: Pick<Printing, "set" | "collectorNumber">) =>
  p.set ? `${p.set.toUpperCase()} · ${p.collectorNumber}` : "";

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
  const [state, setState] = useState<State>({ kind: "identifying", pending: 0 });
  const [chosen, setChosen] = useState(0);
  // The room's id (the room page's route, tablesync.room.$id): the table's references are the room's.
  const sessionId = useParams().id ?? "";
  /** When the answer was set (the page's clock), until the panel has drawn it: "card-identify-render". */
  const answeredAt = useRef<number | null>(null);

  // A layout effect: the frame is read and sent to the worker as the dialog is put on the page, before it is drawn
  // and before the dialog's own effects (its focus trap, hiding the page from screen readers), which run meanwhile.
  useLayoutEffect(() => {
    if (!capture) return;
    let current = true;
    const openedAt = performance.now();
    // From the click to here: the panel's render (the dialog opening), before the frame is read.
    if (capture.at !== undefined) performance.measure("card-identify-open", { start: capture.at, end: openedAt });
    setChosen(0);
    setState({ kind: "identifying", pending: 0 });
    // The frame is read at once, before the card moves; the identification runs in the identifier's worker.
    let region: ReturnType<typeof captureFrame>;
    try {
      region = captureFrame(capture.video, { x: capture.x, y: capture.y });
    } catch (error) {
      console.warn("Video frame could not be read", error);
      setState({ kind: "error", message: "The video could not be read. Try again, or search by name." });
      return;
    }
    const startedAt = performance.now();
    performance.measure("card-identify-read", { start: openedAt, end: startedAt });
    /** How long the click took, for the browser's performance panel and the browser tests: from the frame read, and
     *  from the click itself (the event's time), to the answer. */
    const measured = <T,>(outcome: T) => {
      const end = performance.now();
      performance.measure("card-identify", { start: startedAt, end });
      if (capture.at !== undefined) performance.measure("card-identify-click", { start: capture.at, end });
      answeredAt.current = end;
      return outcome;
    };
    // "No match" rather than a wrong name: only a near enough best is named; the name search is the way on.
    void identifyClick({
      sessionId,
      tableKey: candidates.length > 0 ? tableKeyOf(candidates) : "",
      frame: region.frame,
      click: region.click,
      count: RUNNERS_UP + 1,
      current: () => current,
      onPending: (pending) => setState({ kind: "identifying", pending }),
    }).then(
      (identified) => {
        if (current) setState(measured(identified.kind === "matched" ? identified : { kind: "none" }));
      },
      (error: unknown) => {
        console.warn("Card identification failed", error);
        if (current) setState({ kind: "error", message: "The card could not be identified. Try again, or search by name." });
      },
    );
    return () => {
      current = false;
    };
  }, [capture, candidates, sessionId]);

  useEffect(() => {
    const at = answeredAt.current;
    if (at === null || state.kind === "identifying") return;
    answeredAt.current = null;
    performance.measure("card-identify-render", { start: at, end: performance.now() });
  }, [state]);

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
              {state.pending > 0 ? ` (the table's cards are being read: ${state.pending} to go)` : null}
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
                  <p className="text-sm" data-testid="identified-printing">
                    {printingLabel(best)}
                  </p>
                  {best.typeLine ? <p className="text-sm text-muted">{best.typeLine}</p> : null}
                  <p className="text-xs text-muted" data-testid="identified-from">
                    {state.kind === "matched" ? SOURCE_TEXT[state.source] : null}
                  </p>
                  {onShare ? (
                    <Button
                      className="mt-2"
                      onClick={() => {
                        onShare(asCard(best));
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
                          {/* The printing too: two printings of one card look alike here, and differ by set and number. */}
                          <span className="min-w-0">
                            <span className="block break-words" data-testid="runner-up-name">
                              {card.name}
                            </span>
                            <span className="block text-xs text-muted" data-testid="runner-up-printing">
                              {printingLabel(card)}
                            </span>
                          </span>
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
