import { Suspense, useEffect, useRef, useState, type ReactNode } from "react";

/**
 * Keeps code a person may never use (menus, popovers: Radix and floating-ui) out of the first load. The server
 * renders the part as usual. In the browser its Suspense boundary keeps the server's HTML, not yet hydrated,
 * until the part is wanted: the pointer comes over it, it gets focus or a touch (`when="intent"`), or the page
 * has been idle a moment (`when="idle"`, for parts that must come alive by themselves, like the unread badge).
 * Then the part's chunk (a `lazy()` child) loads and React hydrates it. A press or key that arrived before
 * that is played again on the same element once it is live, so the first click opens the menu.
 */
export function HydrateOnIntent({ children, when = "intent" }: { children: ReactNode; when?: "intent" | "idle" }) {
  const ref = useRef<HTMLSpanElement>(null);
  // Only the first render (hydration) waits: a part mounted later, by a client-side navigation, loads at once.
  const [gate] = useState(() => (typeof document !== "undefined" && !hydrated ? new Gate() : null));

  useEffect(() => {
    hydrated = true;
    const element = ref.current;
    if (!gate || !element) return;
    const open = () => gate.open();
    const keep = (event: Event) => {
      gate.keep(event);
      gate.open();
    };
    const intents = ["pointerover", "focusin", "touchstart"] as const;
    const presses = ["pointerdown", "click", "keydown"] as const;
    for (const type of intents) element.addEventListener(type, open, { passive: true });
    for (const type of presses) element.addEventListener(type, keep);
    const idle = when === "idle" ? whenIdle(open) : () => {};
    return () => {
      idle();
      for (const type of intents) element.removeEventListener(type, open);
      for (const type of presses) element.removeEventListener(type, keep);
    };
  }, [gate, when]);

  return (
    // `contents`: the wrapper adds no box, so the part lays out exactly as without it.
    <span ref={ref} className="contents">
      <Suspense fallback={null}>
        <Wait gate={gate}>
          {children}
          <Live onLive={() => gate?.replay()} />
        </Wait>
      </Suspense>
    </span>
  );
}

let hydrated = false;
/** Keys that open a menu or press a button; others (Tab) need no second play. */
const ACTIVATING_KEYS = new Set(["Enter", " ", "ArrowDown", "ArrowUp"]);

/** A promise the boundary waits on, plus the presses that came before the part was live. */
class Gate {
  opened = false;
  private kept: Event[] = [];
  private resolve!: () => void;
  readonly promise = new Promise<void>((resolve) => (this.resolve = resolve));

  open() {
    this.opened = true;
    this.resolve();
  }

  keep(event: Event) {
    // The press reached a part that is not live yet: React dropped it. Keep the last few to play again.
    if (!(event.target instanceof Element) || this.kept.length >= 3) return;
    if (event instanceof KeyboardEvent && !ACTIVATING_KEYS.has(event.key)) return;
    this.kept.push(event);
  }

  replay() {
    for (const event of this.kept.splice(0)) {
      const target = event.target as Element;
      if (!target.isConnected) continue;
      target.dispatchEvent(copyOf(event));
    }
  }
}

function Wait({ gate, children }: { gate: Gate | null; children: ReactNode }) {
  if (gate && !gate.opened) throw gate.promise;
  return <>{children}</>;
}

/** Renders nothing; its effect runs once the boundary around it is hydrated. */
function Live({ onLive }: { onLive: () => void }) {
  useEffect(onLive, [onLive]);
  return null;
}

function copyOf(event: Event): Event {
  const init = { bubbles: true, cancelable: true, composed: true };
  if (event instanceof KeyboardEvent) return new KeyboardEvent(event.type, { ...init, key: event.key, code: event.code });
  if (event instanceof PointerEvent)
    return new PointerEvent(event.type, { ...init, button: event.button, pointerType: event.pointerType, isPrimary: event.isPrimary });
  if (event instanceof MouseEvent) return new MouseEvent(event.type, { ...init, button: event.button });
  return new Event(event.type, init);
}

function whenIdle(run: () => void): () => void {
  if ("requestIdleCallback" in window) {
    const id = window.requestIdleCallback(run, { timeout: 4000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 2000);
  return () => clearTimeout(id);
}
