/**
 * Chunks a page cannot be used without, started as its route module runs and awaited before hydration: the page
 * becomes interactive all at once instead of its header first and its body whenever a lazy chunk arrives (the
 * member dashboard's buttons were dead for that long). The route modules of a document load run before
 * entry.client (Remix imports them first), so their preloads are registered by the time it hydrates.
 */
const pending: Promise<unknown>[] = [];

export function preloadBeforeHydration(load: () => Promise<unknown>): void {
  // A failed download still hydrates the page: React.lazy tries again and the error boundary says what failed.
  pending.push(load().catch(() => undefined));
}

export const hydrationPreloads = (): Promise<unknown> => Promise.all(pending);
