import { useContext, useEffect, useRef } from 'react';
import { Link, Links, Meta, Outlet, Scripts, isRouteErrorResponse, useLocation, useMatches } from 'react-router';
import type { Route } from './+types/root.ts';
import { SiteHeader } from '#app/components/site-header.tsx';
import { PreviewBanner } from '#app/components/preview-banner.tsx';
import { AnnouncementBar } from '#app/components/announcement-bar.tsx';
import { LinkComponentContext } from '#app/components/ui/app-link.tsx';
import { IslandScripts } from '#app/islands/island-scripts.tsx';
import { IslandsPageContext, IslandsServerContext } from '#app/islands/islands-context.ts';
import { LazyToaster } from '#app/components/ui/lazy-toaster.tsx';
import { siteEssentials } from '#app/features/marketing/site-essentials.server.ts';
import type { PageHandle } from '#common/page-policy.ts';
import { useRootData, useRootDataIfLoaded, type RootData } from '#app/lib/root-data.ts';
import { accentStyle } from '#app/components/accent-style.ts';
import { SiteIcons } from '#app/components/site-icons.tsx';
import { useNonce } from '#app/lib/nonce.ts';
import { useHydrated } from '#app/lib/use-hydrated.ts';
// Linked (not imported for its side effect) so the stylesheet can carry `precedence`: React then
// emits it at the top of <head>, ahead of the module preloads that would otherwise delay first paint.
import appStylesheet from './app.css?url';
import interLatinFont from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import { fromContext } from '#app/lib/server-context.server.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: appStylesheet, precedence: 'default' },
  { rel: 'preload', href: interLatinFont, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  // The icons and the manifest follow the owner's favicon: <SiteIcons> in the layout.
];

export async function loader({ context }: Route.LoaderArgs): Promise<RootData> {
  const { publicUrl, services, admin, preview } = fromContext(context);
  return {
    publicUrl,
    // The owner's facts every page shows (header, footer, meta, structured data), from the content cache.
    site: siteEssentials(await services.site.siteContent.current()),
    isAdmin: admin !== null,
    // The signed-in owner's ?preview=draft: the content above has every draft in place (decision 076).
    preview: preview === true,
  };
}

// Pages read this loader's data through app/lib/root-data.ts (useRootData, useSite), not from this module.

/** Every change of route path smooth-scrolls to the top (hash links within a page do not). */
function useScrollToTopOnPathChange() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [pathname]);
}

/**
 * Whether this render is a page served as islands: the production server offers an islands entry,
 * and the matched routes ask for it (the public layout does; the review link's page below it does not).
 */
function useIslandsServer() {
  const server = useContext(IslandsServerContext);
  const wanted = useMatches().map((match) => (match.handle as PageHandle | undefined)?.islands);
  return server && wanted.includes(true) && !wanted.includes(false) ? server : null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const islands = useIslandsServer();
  // Marks the moment the page's own handlers are live: tests wait for it before pressing keys only JavaScript handles.
  const hydrated = useHydrated();
  const brand = useRootDataIfLoaded()?.site.brand;
  const accent = brand?.accentColor;
  return (
    <html lang="en" className="bg-ink" data-hydrated={hydrated ? 'true' : undefined} style={accentStyle(accent)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b0b10" />
        <Meta />
        <Links />
        <SiteIcons favicon={brand?.favicon} />
      </head>
      <body className="min-h-dvh bg-ink font-sans text-fg antialiased">
        {islands ? (
          <>
            <IslandsPageContext.Provider value={islands}>{children}</IslandsPageContext.Provider>
            <IslandScripts entry={islands.entry} nonce={nonce} />
          </>
        ) : (
          <>
            {children}
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  const { isAdmin, site, preview } = useRootData();
  useScrollToTopOnPathChange();
  // The announcement shows on the public site only (the layout that serves islands), not in the admin or the portal.
  const publicPage = useMatches().some((match) => (match.handle as PageHandle | undefined)?.islands === true);
  return (
    <LinkComponentContext.Provider value={Link}>
      {preview ? <PreviewBanner /> : null}
      {publicPage && site.announcement ? <AnnouncementBar announcement={site.announcement} /> : null}
      <SiteHeader isAdmin={isAdmin} studio={site.studio} logo={site.brand.logo} menu={site.menus.header} />
      <Outlet />
      <LazyToaster />
    </LinkComponentContext.Provider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? '404 Page Not Found' : 'Something went wrong';
  return (
    <main id="main" className="mx-auto grid min-h-dvh max-w-xl place-content-center gap-4 px-6 text-center">
      <title>{title}</title>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-fg-muted">{notFound ? 'The page you are looking for does not exist.' : 'Please try again in a moment.'}</p>
      <a href="/" className="text-accent underline underline-offset-4">
        Back to the home page
      </a>
    </main>
  );
}
