import type { IslandsEntry } from './islands-context';

/**
 * What a page served as islands loads instead of React Router's scripts: the islands entry, imported
 * by an inline module script (the CSP allows it by hash or nonce), and preloaded with every chunk it
 * imports. The preloads matter beyond speed: on a page made for the shared cache there is no nonce,
 * and a module the inline script would have to fetch itself counts as parser-inserted, which
 * 'strict-dynamic' refuses; modules already in the module map are used as they are (React Router's
 * own scripts rely on the same). `async`, so the page's DOMContentLoaded never waits for it.
 */
export function IslandScripts({ entry, nonce }: { entry: IslandsEntry; nonce?: string }) {
  return (
    <>
      {[entry.src, ...entry.preloads].map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      <script type="module" async nonce={nonce} dangerouslySetInnerHTML={{ __html: `import ${JSON.stringify(entry.src)};` }} />
    </>
  );
}
