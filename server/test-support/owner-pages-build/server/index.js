// A stand-in React Router server build for the owner's pages (decision 119): the real `/:slug` loader
// and headers (app/routes/page.$slug.tsx), the real sitemap, and the real blocks rendered to HTML, so
// an integration test sees the 301s, the 404s, the frame-src and the no-JavaScript facade without
// building the whole site first.

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { PageBlockSection } from '#app/features/pages/page-blocks.tsx';
import { serverContext } from '#app/lib/server-context.server.ts';
import { headers as pageHeaders, loader as pageLoader } from '#app/routes/page.$slug.tsx';
import { loader as sitemapLoader } from '#app/routes/sitemap.ts';

const root = { default: () => null };
const page = { loader: pageLoader, headers: pageHeaders, default: () => null };
const sitemap = { loader: sitemapLoader };

function handleRequest(_request, status, headers, routerContext) {
  const view = routerContext.staticHandlerContext.loaderData.page;
  const body = view
    ? `<h1>${view.title.replace(/[&<>]/g, '')}</h1>${view.blocks.map((block, index) => renderToStaticMarkup(createElement(PageBlockSection, { block, index }))).join('')}`
    : '<h1>404 Page Not Found</h1>';
  const html = `<!DOCTYPE html><html><head><script>window.page = 1;</script></head><body>${body}</body></html>`;
  headers.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(html, { status, headers });
}

function handleError() {}

export const entry = { module: { default: handleRequest, handleError, serverContext } };
const route = (id, parentId, path, module) => ({ id, parentId, path, index: undefined, caseSensitive: undefined, module });
export const routes = {
  root: route('root', undefined, '', root),
  page: route('page', 'root', ':slug', page),
  sitemap: route('sitemap', 'root', 'sitemap.xml', sitemap),
};
const asset = (id, parentId, path, hasLoader) => ({
  id,
  parentId,
  path,
  module: `/assets/${id}.js`,
  imports: [],
  hasAction: false,
  hasLoader,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: false,
});
export const assets = {
  entry: { module: '/assets/entry.js', imports: [] },
  routes: {
    root: asset('root', undefined, '', false),
    page: asset('page', 'root', ':slug', true),
    sitemap: asset('sitemap', 'root', 'sitemap.xml', true),
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
