import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { Footer } from "~/components/shell/footer";
import { GeneralErrorBoundary } from "~/components/shell/general-error-boundary";
import { Header } from "~/components/shell/header";
import { FlashToast } from "~/components/ui/flash-toast";
import { Toaster } from "~/components/ui/toaster";
import { CommunityProvider } from "~/hooks/use-community";
import { FAVICON_HREF, PRODUCT_NAME } from "../workers/contract/brand";
import { InlineStyles } from "~/lib/inline-styles";
import { useNonce } from "~/lib/nonce";
import { prePaintScript } from "~/lib/pre-paint-script";
import { useRootData } from "~/lib/root-data";
import { rootLoader } from "~/lib/root-loader.server";
import { useThemeMode } from "~/lib/theme-mode";

// The stylesheet is inlined (<InlineStyles />, app/lib/inline-styles.tsx), so the only link is the icon.
export const links: LinksFunction = () => [{ rel: "icon", href: FAVICON_HREF, type: "image/svg+xml" }];

export const meta: MetaFunction = () => [
  { title: PRODUCT_NAME },
  { name: "description", content: "Realmcast: play, stream and organise trading-card games with your community." },
];

/** The member (or null), realms and header state; read anywhere with useRootData (app/lib/root-data.ts). */
export const loader = (args: LoaderFunctionArgs) => rootLoader(args);

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRootData();
  const mode = data?.themeMode ?? "system";
  useThemeMode(mode);
  return (
    // The realm cookie's realm wears its palette from the first byte (styles/community-themes.css), scripts or not.
    <html
      lang="en"
      className={mode === "system" ? undefined : mode}
      data-community={data?.selectedCommunityId ?? undefined}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: prePaintScript(mode) }} />
        <Meta />
        <InlineStyles />
        <Links />
      </head>
      <body className="min-h-screen antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-foreground"
        >
          Skip to content
        </a>
        <CommunityProvider communities={data?.communities ?? []} initialSelectedId={data?.selectedCommunityId ?? null}>
          <Header user={data?.user ?? null} unreadCount={data?.unreadCount ?? 0} />
          <main id="main">{children}</main>
          <Footer />
          <Toaster />
          <FlashToast toast={data?.toast ?? null} />
        </CommunityProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useLoaderData<typeof loader>();
  // Lets browser tests wait until the page is interactive (hydrated), not just loaded.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
