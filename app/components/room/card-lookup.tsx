import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Search, Share2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/field";
import { api, ApiError, apiErrorMessage, unwrap } from "~/lib/api-client";
import { cn } from "~/lib/cn";
import { CARD_SERVICE_UNAVAILABLE, type CardDto } from "../../../workers/contract/cards";
import { CardDetails } from "./card-details";

/** How long typing pauses before the names are asked for: one request per pause, not per key. */
const SUGGEST_DELAY_MS = 200;

/** The card service is down (503), as every card route says it: the panel says so and the rest of the room goes on. */
const unavailable = (error: unknown) => error instanceof ApiError && error.status === 503;

/**
 * Card lookup for everyone at the table (issue 26), loaded on its own chunk: a combobox that suggests card names
 * as you type (ARIA 1.2 combobox with a listbox popup: arrows move, Enter picks, Escape closes), then the picked
 * card's image and text. Players may show it to the table (`onShare`, the room's `share_card`).
 */
export default function CardLookup({
  onShare,
  focusWhen = false,
  onEscape,
}: {
  /** Escape in the name field with no suggestions open (the sheet around the lookup closes). */
  onEscape?: () => void;
  onShare: ((card: CardDto) => boolean) | null;
  /** Focus the name field whenever this turns true (the lookup's sheet opening). */
  focusWhen?: boolean;
}) {
  const inputId = useId();
  const listId = useId();
  const [query, setQuery] = useState("");
  const [names, setNames] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [card, setCard] = useState<CardDto | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [down, setDown] = useState(false);
  const [shared, setShared] = useState<string | null>(null);
  const picked = useRef<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusWhen) input.current?.focus();
  }, [focusWhen]);

  useEffect(() => {
    const q = query.trim();
    if (q.length < 2 || q === picked.current) {
      setNames([]);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      unwrap(api.cards.autocomplete.$get({ query: { q } }))
        .then((result) => {
          if (!current) return;
          setDown(false);
          setNames(result.names);
          setActive(-1);
          setOpen(true);
        })
        .catch((error: unknown) => {
          if (!current) return;
          setNames([]);
          if (unavailable(error)) setDown(true);
        });
    }, SUGGEST_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query]);

  async function pick(name: string) {
    picked.current = name;
    setQuery(name);
    setOpen(false);
    setActive(-1);
    setProblem(null);
    setShared(null);
    try {
      const found = await unwrap(api.cards.named.$get({ query: { exact: name } }));
      setDown(false);
      setCard(found);
    } catch (error) {
      setCard(null);
      if (unavailable(error)) setDown(true);
      else setProblem(apiErrorMessage(error, "That card could not be found"));
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const shown = open && names.length > 0;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      if (!shown) return setOpen(names.length > 0);
      setActive((i) => (i + 1) % names.length);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      if (shown) setActive((i) => (i <= 0 ? names.length - 1 : i - 1));
    } else if (event.key === "Enter") {
      if (shown && active >= 0) {
        event.preventDefault();
        void pick(names[active]);
      } else if (query.trim()) {
        event.preventDefault();
        void pick(query.trim());
      }
    } else if (event.key === "Escape") {
      if (shown) {
        // The list closes; a dialog or sheet around the panel stays open.
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setActive(-1);
      } else onEscape?.();
    }
  }

  const shown = open && names.length > 0;
  const optionId = (i: number) => `${listId}-option-${i}`;
  return (
    <div className="space-y-3" data-testid="card-lookup">
      {down ? (
        <p role="alert" className="rounded-lg border border-border bg-background p-2 text-sm" data-testid="card-lookup-unavailable">
          {CARD_SERVICE_UNAVAILABLE}
        </p>
      ) : null}
      <div className="relative">
        <Label htmlFor={inputId}>Card name</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute left-2 top-3 h-4 w-4 text-muted" aria-hidden="true" />
          <input
            ref={input}
            id={inputId}
            role="combobox"
            aria-expanded={shown}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            spellCheck={false}
            placeholder="Type a card name"
            className="h-10 w-full rounded-lg border border-border bg-background py-2 pl-8 pr-3 text-fg placeholder:text-muted focus-visible:border-primary"
            value={query}
            maxLength={141}
            onChange={(e) => {
              picked.current = null;
              setQuery(e.target.value);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setOpen(false)}
          />
        </div>
        <ul
          id={listId}
          role="listbox"
          aria-label="Card names"
          hidden={!shown}
          className="absolute inset-x-0 top-full z-30 mt-1 max-h-64 overflow-y-auto rounded-lg border border-border bg-surface py-1 shadow-lg"
        >
          {names.map((name, i) => (
            // The combobox's input keeps the focus and takes the keys (aria-activedescendant); a pointer clicks an option.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={name}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={cn(
                "cursor-pointer px-3 py-2 text-sm",
                i === active ? "bg-primary text-primary-foreground" : "hover:bg-background",
              )}
              // Picking must not blur the input first (which closes the list before the click lands).
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => void pick(name)}
            >
              {name}
            </li>
          ))}
        </ul>
      </div>
      {problem ? (
        <p role="status" className="text-sm text-muted">
          {problem}
        </p>
      ) : null}
      {card ? (
        <div className="space-y-2">
          <CardDetails card={card} />
          {onShare ? (
            <div className="flex flex-wrap items-center gap-2">
              <Button
                size="sm"
                onClick={() => {
                  if (onShare(card)) setShared(card.name);
                }}
              >
                <Share2 className="h-4 w-4" aria-hidden="true" /> Show to table
              </Button>
              {shared ? (
                <span role="status" className="text-sm text-muted">
                  Shown to the table
                </span>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
