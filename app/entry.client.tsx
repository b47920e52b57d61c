import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { hydrationPreloads } from "~/lib/hydration-preloads";

// Spec 000 §8: unhandled promise rejections are logged and suppressed.
window.addEventListener("unhandledrejection", (event) => {
  console.warn("Unhandled promise rejection:", event.reason);
  event.preventDefault();
});

// The chunks the page's route modules asked for (app/lib/hydration-preloads.ts), then the whole page at once.
void hydrationPreloads().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  }),
);
