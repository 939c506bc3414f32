import { DEFAULT_INSIGHT_SETTINGS } from '#common/insights.ts';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import * as about from '#app/routes/about.tsx';
import * as contact from '#app/routes/contact.tsx';
import * as home from '#app/routes/home.tsx';
import * as privacy from '#app/routes/privacy-policy.tsx';
import * as process from '#app/routes/process.tsx';
import * as services from '#app/routes/services.tsx';
import * as terms from '#app/routes/terms-of-service.tsx';
import * as service from '#app/routes/services.$slug.tsx';
import SiteLayout from '#app/routes/site-layout.tsx';
import { siteEssentials } from '#app/features/marketing/site-essentials.server.ts';
import type { SiteContent } from '#common/site-content/sections.ts';
import { contextWith } from '#app/lib/server-context.server.ts';

/*
 * Renders the marketing pages on the server as their loaders would feed them, for tests that read
 * what a visitor reads. A test importing this mocks the contact form and the samples block, which
 * reach for data of their own.
 */

type PageModule = { default: (props: never) => React.ReactNode; loader?: (args: never) => unknown };
export const PAGES: Array<[string, PageModule]> = [
  ['/', home],
  ['/services', services],
  // The default services' pages: one route, the slug from the path.
  ['/services/mixing-mastering', service],
  ['/services/vocal-production', service],
  ['/process', process],
  ['/about', about],
  ['/contact', contact],
  ['/privacy-policy', privacy],
  ['/terms-of-service', terms],
];

/** The route parameters of a path: a service's slug. */
const paramsOf = (path: string) => (path.startsWith('/services/') ? { slug: path.slice('/services/'.length) } : {});

/** A page's HTML inside the root and the public layout (so header and footer are there too). */
export async function renderHtml(content: SiteContent, path: string, page: PageModule): Promise<string> {
  const context = contextWith({
    publicUrl: 'https://studio.test',
    services: {
      site: { siteContent: { current: async () => content } },
      // The privacy policy's analytics token reads the owner's counting settings.
      insights: { settings: { read: async () => DEFAULT_INSIGHT_SETTINGS } },
      db: {},
      logger: { error: () => {} },
    },
  });
  const pageData = page.loader
    ? await (page.loader as (args: unknown) => unknown)({ context, params: paramsOf(path), request: new Request(`http://x${path}`) })
    : null;
  const rootData = { publicUrl: 'https://studio.test', site: siteEssentials(content), isAdmin: false };
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: () => <SiteLayout />,
      children: [
        { id: 'page', path: path === '/' ? undefined : path, index: path === '/' ? true : undefined, Component: page.default as never },
      ],
    } as never,
  ]);
  return renderToString(<Stub initialEntries={[path]} hydrationData={{ loaderData: { root: rootData, page: pageData } }} />);
}

/** The words of some HTML, as one line. */
export function textOf(html: string): string {
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
}

export async function renderAllHtml(content: SiteContent): Promise<Record<string, string>> {
  return Object.fromEntries(await Promise.all(PAGES.map(async ([path, page]) => [path, await renderHtml(content, path, page)] as const)));
}

export async function renderAll(content: SiteContent): Promise<Record<string, string>> {
  const html = await renderAllHtml(content);
  return Object.fromEntries(Object.entries(html).map(([path, page]) => [path, textOf(page)]));
}
