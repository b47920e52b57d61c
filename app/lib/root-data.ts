import { useRouteLoaderData, type useLoaderData } from "@remix-run/react";
// Type-only: erased at build, so no server code reaches the client.
import type { rootLoader } from "./root-loader.server";

/** The root loader's data as the browser receives it (serialized). */
export type RootLoaderData = ReturnType<typeof useLoaderData<typeof rootLoader>>;

/** Root data for any route: the member (or null), realms and header state. */
export function useRootData(): RootLoaderData | undefined {
  return useRouteLoaderData<typeof rootLoader>("root");
}
