import { useCallback, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEvent } from "react";

/** How the member asked for the menu: from the keyboard, the menu starts on its first item. */
export type OpenRequest = { viaKeyboard: boolean };

/**
 * A header menu whose code (Radix and the menu itself) is fetched when someone reaches for it, not with
 * every page: pointing at, focusing or touching its trigger starts the download, and pressing it (pointer
 * down as Radix's menus open, click, Enter, Space, ArrowDown) asks for the menu. The request is kept
 * while the code arrives, so the first press is never lost; the caller then mounts the real menu open. `ask` asks
 * for it from code: a menu the browser opened before hydration (a `<details>` fallback) is handed over with it.
 */
export function useLoadOnIntent(load: () => Promise<unknown>, opensOn: "pointerdown" | "click" = "pointerdown") {
  const [request, setRequest] = useState<OpenRequest | null>(null);
  const prefetch = useCallback(() => {
    // A failed download surfaces when the menu mounts (React.lazy retries the import and throws).
    load().catch(() => undefined);
  }, [load]);
  const ask = useCallback(
    (viaKeyboard: boolean) => {
      prefetch();
      setRequest((current) => current ?? { viaKeyboard });
    },
    [prefetch],
  );
  const triggerProps = {
    "aria-expanded": false,
    onPointerEnter: prefetch,
    onFocus: prefetch,
    onTouchStart: prefetch,
    onPointerDown: (event: PointerEvent) => {
      if (opensOn !== "pointerdown" || event.button !== 0 || event.ctrlKey) return;
      // As Radix's trigger does: keep focus off the trigger so the opening menu can take it.
      event.preventDefault();
      ask(false);
    },
    // A click with no pointer position (detail 0) came from Enter or Space.
    onClick: (event: MouseEvent) => ask(event.detail === 0),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== "ArrowDown") return;
      event.preventDefault();
      ask(true);
    },
  };
  return { request, triggerProps, ask };
}

/**
 * For the menu's first opening only: when it was asked for from the keyboard, move focus on to its first
 * item as the menu takes focus (Radix does so itself from then on, once its root has seen a key). Given to
 * the menu content's `onFocus`.
 */
export function useFirstItemFocus(request: OpenRequest) {
  const pending = useRef(request.viaKeyboard);
  return useCallback((event: FocusEvent<HTMLElement>) => {
    if (!pending.current || event.target !== event.currentTarget) return;
    pending.current = false;
    const first = event.currentTarget.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])');
    if (!first) return;
    event.preventDefault();
    first.focus({ preventScroll: true });
  }, []);
}
