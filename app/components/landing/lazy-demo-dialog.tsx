import { lazy, Suspense } from "react";

// The demo dialog (dialog + tabs + walkthrough text) is fetched only when a visitor opens it.
const DemoDialog = lazy(() => import("./demo-dialog").then((m) => ({ default: m.DemoDialog })));

/** The demo dialog of the landing pages, rendered (and downloaded) only while open. */
export function LazyDemoDialog(props: { type: "platform" | "tablesync"; open: boolean; onOpenChange: (open: boolean) => void }) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <DemoDialog {...props} />
    </Suspense>
  );
}
