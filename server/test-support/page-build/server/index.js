// A minimal React Router server build, standing in for `npm run build` in integration tests that need
// the production page handler (and its page cache) without building the site first. One route, `/`,
// lists the sample titles from the database, so a test can see whether a page is fresh or cached.
// `/contact` takes the real no-JavaScript contact form post (the site's page action). The audience
// groups state the page policies of the real routes (app/routes.ts) and render nothing: every path in
// them is a 404 here, as before they were declared (page-policies.test.ts holds the two to the same answers).

import { data, isRouteErrorResponse } from 'react-router';
import { PAGE_POLICIES } from '#common/page-policy.ts';
import { contactPageAction } from '#app/features/contact/contact-action.server.ts';
import { fromContext, serverContext } from '#app/lib/server-context.server.ts';

const escapeHtml = (text) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const root = {
  async loader({ context }) {
    const { services } = fromContext(context);
    const rows = await services.db.selectFrom('samples').select('title').orderBy('id').execute();
    // The home headline, as the real pages read it: a preview request's services show the owner's draft.
    const { hero } = await services.site.siteContent.current();
    return { titles: rows.map((row) => row.title), headline: hero.headline };
  },
  default: () => null,
};

function handleRequest(_request, status, headers, routerContext, context) {
  const loadContext = fromContext(context);
  const titles = routerContext.staticHandlerContext.loaderData.root?.titles ?? [];
  const headline = routerContext.staticHandlerContext.loaderData.root?.headline ?? '';
  const actionData = routerContext.staticHandlerContext.actionData;
  const html = [
    '<!DOCTYPE html><html><head>',
    // An inline script, as React Router's pages have: with a nonce for one visitor, else allowed by hash.
    `<script${loadContext.cspNonce ? ` nonce="${loadContext.cspNonce}"` : ''}>window.sampleCount = ${titles.length};</script>`,
    `</head><body><h1>${escapeHtml(headline)}</h1><ul>`,
    ...titles.map((title) => `<li>${escapeHtml(title)}</li>`),
    '</ul>',
    // What a form post's action answered, for tests to read (the real pages show it in the form).
    ...(actionData ? [`<output>${escapeHtml(JSON.stringify(Object.values(actionData)[0]))}</output>`] : []),
    '</body></html>',
  ].join('');
  headers.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(html, { status, headers });
}

const contact = { action: contactPageAction, default: () => null };

/** A route that only states a policy: its pages are not part of this stand-in. */
const policyOnly = (page) => ({
  handle: { page },
  loader: () => {
    throw data(null, { status: 404 });
  },
  default: () => null,
});

/** id → where it sits, what it says. */
const POLICY_ROUTES = {
  manage: { parentId: 'root', path: 'manage', module: policyOnly(PAGE_POLICIES.private) },
  portal: { parentId: 'root', path: 'portal', module: policyOnly(PAGE_POLICIES.private) },
  listen: { parentId: 'root', path: 'listen/:token', module: policyOnly(PAGE_POLICIES.secretAddress) },
  book: { parentId: 'root', path: 'book', module: policyOnly(PAGE_POLICIES.sharedUntilAsked) },
  'book-cancel': { parentId: 'root', path: 'book/cancel/:token', module: policyOnly(PAGE_POLICIES.secretAddress) },
  'book-reschedule': { parentId: 'root', path: 'book/reschedule/:token', module: policyOnly(PAGE_POLICIES.secretAddress) },
  'manage-join': { parentId: 'root', path: 'manage/join/:token', module: policyOnly(PAGE_POLICIES.secretAddress) },
};

// As app/entry.server.tsx: an aborted request and an unknown page (a 404 answer) are not errors to log.
function handleError(error, { request }) {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  console.error(error);
}

export const entry = { module: { default: handleRequest, handleError, serverContext } };
export const routes = {
  root: { id: 'root', parentId: undefined, path: '', index: undefined, caseSensitive: undefined, module: root },
  contact: { id: 'contact', parentId: 'root', path: 'contact', index: undefined, caseSensitive: undefined, module: contact },
  ...Object.fromEntries(
    Object.entries(POLICY_ROUTES).map(([id, { parentId, path, index, module }]) => [
      id,
      { id, parentId, path, index, caseSensitive: undefined, module },
    ]),
  ),
};
export const assets = {
  entry: { module: '/assets/entry.js', imports: [] },
  routes: {
    root: {
      id: 'root',
      path: '',
      module: '/assets/root.js',
      imports: [],
      hasAction: false,
      hasLoader: true,
      hasClientAction: false,
      hasClientLoader: false,
      hasClientMiddleware: false,
      hasErrorBoundary: false,
    },
    contact: {
      id: 'contact',
      parentId: 'root',
      path: 'contact',
      module: '/assets/contact.js',
      imports: [],
      hasAction: true,
      hasLoader: false,
      hasClientAction: false,
      hasClientLoader: false,
      hasClientMiddleware: false,
      hasErrorBoundary: false,
    },
    ...Object.fromEntries(
      Object.entries(POLICY_ROUTES).map(([id, { parentId, path, index }]) => [
        id,
        {
          id,
          parentId,
          path,
          index,
          module: `/assets/${id}.js`,
          imports: [],
          hasAction: false,
          hasLoader: true,
          hasClientAction: false,
          hasClientLoader: false,
          hasClientMiddleware: false,
          hasErrorBoundary: false,
        },
      ]),
    ),
  },
  url: '/assets/manifest.js',
  version: 'test',
};
export const assetsBuildDirectory = 'client';
export const basename = '/';
export const future = {};
export const ssr = true;
export const isSpaMode = false;
export const prerender = [];
export const routeDiscovery = { mode: 'lazy', manifestPath: '/__manifest' };
export const publicPath = '/';
export const allowedActionOrigins = false;
