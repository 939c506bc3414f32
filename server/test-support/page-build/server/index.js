// A minimal React Router server build, standing in for `npm run build` in integration tests that need
// the production page handler (and its page cache) without building the site first. One route, `/`,
// lists the sample titles from the database, so a test can see whether a page is fresh or cached.

const escapeHtml = (text) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const root = {
  async loader({ context }) {
    const rows = await context.services.db.selectFrom('samples').select('title').orderBy('id').execute();
    return { titles: rows.map((row) => row.title) };
  },
  default: () => null,
};

function handleRequest(_request, status, headers, routerContext, loadContext) {
  const titles = routerContext.staticHandlerContext.loaderData.root?.titles ?? [];
  const html = [
    '<!DOCTYPE html><html><head>',
    `<script nonce="${loadContext.cspNonce}">window.formToken = "${loadContext.contactFormToken}";</script>`,
    '</head><body><ul>',
    ...titles.map((title) => `<li>${escapeHtml(title)}</li>`),
    '</ul></body></html>',
  ].join('');
  headers.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(html, { status, headers });
}

export const entry = { module: { default: handleRequest } };
export const routes = {
  root: { id: 'root', parentId: undefined, path: '', index: undefined, caseSensitive: undefined, module: root },
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
