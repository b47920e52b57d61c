import type { ServerBuild } from "@remix-run/cloudflare";
import { matchRoutes } from "@remix-run/react";

type RouteObjects = Parameters<typeof matchRoutes>[0];
type Manifest = ServerBuild["routes"];

/** The build's flat route manifest as the nested tree react-router matches against. */
function routeTree(manifest: Manifest, parentId: string | undefined = undefined): RouteObjects {
  return Object.values(manifest)
    .filter((route) => route !== undefined && route.parentId === parentId)
    .map((route) => {
      const { id, path, caseSensitive } = route!;
      return route!.index
        ? { id, path, caseSensitive, index: true as const }
        : { id, path, caseSensitive, children: routeTree(manifest, id) };
    });
}

/**
 * The Remix route id ("routes/tablesync.room.$id") a page or data request is served by, for log lines: a pattern,
 * never the URL with its ids. Single-fetch data requests (`/x.data`, `/_root.data`) name the page they load for.
 * The tree is built on the first call, once per isolate.
 */
export function remixRouteMatcher(manifest: Manifest): (pathname: string) => string | null {
  let tree: RouteObjects | null = null;
  return (pathname) => {
    tree ??= routeTree(manifest);
    const path = pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
    return matchRoutes(tree, path)?.at(-1)?.route.id ?? null;
  };
}
