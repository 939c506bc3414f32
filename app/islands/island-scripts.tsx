import type { IslandsEntry } from './islands-context';

/**
 * What a page served as islands loads instead of React Router's scripts: the islands entry, imported
 * by an inline module script (the CSP allows it by hash or nonce), and preloaded with every chunk it
 * imports. The preloads matter beyond speed: on a page made for the shared cache there is no nonce,
 * and a module the inline script would have to fetch itself counts as parser-inserted, which
 * 'strict-dynamic' refuses; modules already in the module map are used as they are (React Router's
 * own scripts rely on the same). `async`, so the page's DOMContentLoaded never waits for it.
 */
/**
 * Chromium fetches a public page a visitor is about to open (the pointer rests on its link, or goes
 * down on it), so moving between the pages that are not an app feels instant. Never the admin,
 * the portal or the API.
 */
const SPECULATION_RULES = JSON.stringify({
  prefetch: [
    {
      where: { and: [{ href_matches: '/*' }, { not: { href_matches: ['/manage*', '/portal*', '/api/*'] } }] },
      eagerness: 'moderate',
    },
  ],
});

export function IslandScripts({ entry, nonce }: { entry: IslandsEntry; nonce?: string }) {
  return (
    <>
      {[entry.src, ...entry.preloads].map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      <script type="speculationrules" nonce={nonce} dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }} />
      <script type="module" async nonce={nonce} dangerouslySetInnerHTML={{ __html: `import ${JSON.stringify(entry.src)};` }} />
    </>
  );
}
