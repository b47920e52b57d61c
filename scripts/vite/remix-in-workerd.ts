import { vitePlugin as remix } from "@remix-run/dev";
import type { ConfigEnv, EnvironmentModuleNode, Plugin, UserConfig } from "vite";

/** The Remix options of every Vite config here (the build, `npm run dev` and the Worker tests). */
export const remixOptions = {
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
} as const;

/**
 * Remix's Vite plugin for a dev server or test run whose requests the Worker answers inside workerd (the
 * Cloudflare Vite plugin in `npm run dev`, the Workers Vitest pool in the tests). The Worker imports the live
 * `virtual:remix/server-build`, so Remix's own Node request handler is left out: it would answer every request
 * in Node, where the bindings and `cloudflare:workers` do not exist.
 *
 * Two of Remix's dev hooks assume the server build runs in Node:
 * - on a route file's change, "remix-hmr-updates" loads the old server manifest with `ssrLoadModule`, which
 *   crashes the dev server when the "ssr" environment is the Worker's; it is given a manifest that knows no
 *   route, so the virtual modules are always refreshed (what it does anyway when a route's exports change);
 * - "a server module changed, update the client" walks importers without remembering where it has been, so
 *   an import cycle among server modules overflows the stack on every edit; it is replaced by the same walk
 *   with a visited set.
 */
export function remixInWorkerd(): Plugin[] {
  return (remix(remixOptions) as Plugin[]).flatMap((plugin): Plugin[] => {
    if (plugin.name === "remix-server-change-trigger-client-hmr") return [serverChangeUpdatesClient()];
    if (plugin.name === "remix-hmr-updates" && typeof plugin.handleHotUpdate === "function") {
      const handleHotUpdate = plugin.handleHotUpdate;
      return [
        {
          ...plugin,
          handleHotUpdate(context) {
            const server = Object.create(context.server, { ssrLoadModule: { value: async () => ({ default: { routes: {} } }) } });
            return handleHotUpdate.call(this, { ...context, server });
          },
        },
      ];
    }
    if (plugin.name !== "remix" || typeof plugin.configureServer !== "function") return [plugin];
    const configureServer = plugin.configureServer;
    return [
      {
        ...plugin,
        async configureServer(server) {
          // Keeps Remix's watcher and dev hooks; drops the returned post-middleware (the Node request handler).
          await configureServer.call(this, server);
        },
      },
    ];
  });
}

function serverChangeUpdatesClient(): Plugin {
  return {
    name: "remix-server-change-trigger-client-hmr",
    hotUpdate({ server, modules }) {
      if (this.environment.name === "client") return;
      const clientGraph = server.environments.client.moduleGraph;
      const seen = new Set<EnvironmentModuleNode>();
      const found = new Map<string, EnvironmentModuleNode>();
      const pending = [...modules];
      while (pending.length > 0) {
        const node = pending.pop()!;
        if (seen.has(node) || !node.id) continue;
        seen.add(node);
        const clientNode = clientGraph.getModuleById(node.id);
        if (clientNode) found.set(clientNode.url, clientNode);
        else pending.push(...node.importers);
      }
      for (const clientNode of found.values()) void server.environments.client.reloadModule(clientNode);
    },
  };
}

/**
 * Remix's plugin starts a second Vite dev server (its "child compiler", HMR off) from the same config file to read
 * route modules' exports. Plugins that start a workerd must not run there as well: they would start a second
 * runtime that loads the Worker without Remix's plugin.
 */
export function outsideRemixChildCompiler(plugins: Plugin[]): Plugin[] {
  return plugins.map((plugin) => {
    const { apply } = plugin;
    return {
      ...plugin,
      apply: (config: UserConfig, env: ConfigEnv) =>
        config.server?.hmr !== false && (typeof apply === "function" ? apply(config, env) : apply === undefined || apply === env.command),
    };
  });
}
