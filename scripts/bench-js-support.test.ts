import { describe, expect, it } from 'vitest';
import { forbiddenIn, pageScripts, scriptsInHtml, staticImports } from './bench-js-support.mjs';

// The shape of a page React Router renders: module preloads in <head>, an inline module script that
// imports the route modules and the entry, and the route manifest naming other routes' chunks.
const html = `<html><head>
<link rel="stylesheet" href="/assets/app.css"/>
<link rel="modulepreload" href="/assets/framework.js"/>
<link rel="preload" href="/assets/font.woff2" as="font"/>
</head><body>
<script>window.__reactRouterContext = {"x":"/assets/not-loaded-context.js"};</script>
<script type="module" async="">import "/assets/manifest.js";
import * as route0 from "/assets/root.js";
window.__reactRouterManifest = {"routes":{"routes/home":{"module":"/assets/home.js","imports":["/assets/player.js"]}}};
import("/assets/entry.client.js");</script>
</body></html>`;

describe('scriptsInHtml', () => {
  it('lists what the page loads: module preloads and the inline module script imports, not manifest strings', () => {
    expect(scriptsInHtml(html).sort()).toEqual(['entry.client.js', 'framework.js', 'manifest.js', 'root.js']);
  });
});

describe('staticImports', () => {
  it('follows static imports and re-exports of a minified chunk, leaving import() for later', () => {
    const code = 'import{t as e}from"./framework.js";import"./side-effect.js";export{a}from"./shared.js";const l=()=>import("./lazy.js");';
    expect(staticImports(code).sort()).toEqual(['framework.js', 'shared.js', 'side-effect.js']);
  });
});

describe('pageScripts and forbiddenIn', () => {
  const files: Record<string, string> = {
    'framework.js': 'export const r=1;',
    'manifest.js': 'window.m=1;',
    'root.js': 'import"./framework.js";import"./header.js";',
    'header.js': 'import"./framework.js";const p=()=>import("./admin-panel.js");',
    'entry.client.js': 'import"./framework.js";',
    'admin-panel.js': 'import"./zod.js";',
  };
  const read = (file: string) => Buffer.from(files[file] ?? '');

  it('counts every statically reachable chunk once, with its gzipped size', () => {
    const scripts = pageScripts(html, read);
    expect(scripts.map((s) => s.file).sort()).toEqual(['entry.client.js', 'framework.js', 'header.js', 'manifest.js', 'root.js']);
    for (const script of scripts) expect(script.gzipBytes).toBeGreaterThan(0);
  });

  it('names admin, Uppy, dnd-kit and zod modules found in the loaded chunks', () => {
    const chunkModules = {
      'assets/root.js': ['app/root.tsx', 'node_modules/zod/v4/core/core.js'],
      'assets/header.js': ['app/features/admin/admin-header.tsx', 'node_modules/@uppy/core/lib/Uppy.js'],
      'assets/framework.js': ['node_modules/react/index.js', 'node_modules/@dnd-kit/core/dist/core.esm.js'],
      'assets/admin-panel.js': ['node_modules/zod/index.js'],
    };
    const found = forbiddenIn(pageScripts(html, read), chunkModules).map((line) => line.split(':')[0]);
    expect(found.sort()).toEqual(['Uppy', 'admin', 'dnd-kit', 'zod']);
  });

  it('finds nothing in chunks with only public code', () => {
    expect(forbiddenIn(pageScripts(html, read), { 'assets/root.js': ['app/root.tsx', 'node_modules/react/index.js'] })).toEqual([]);
  });
});
