import type { IslandsEntry } from './islands-context.ts';

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

/**
 * Starts the islands once the page has painted: the text, the stylesheet and the font have the
 * connection to themselves until then, and the scripts never hold up the first paint. (A tab opened
 * in the background paints nothing, so a timer starts it there too.) The entry and the chunks it
 * imports are added as elements by this script, which the CSP allows by hash or nonce; what such a
 * script adds is trusted in turn ('strict-dynamic'), which a parser-inserted tag would not be.
 */
export function islandsStarter(entry: IslandsEntry): string {
  return [
    `(function(){var started=false;function start(){if(started)return;started=true;`,
    `${JSON.stringify(entry.preloads)}.forEach(function(href){var link=document.createElement('link');`,
    `link.rel='modulepreload';link.href=href;document.head.appendChild(link);});`,
    `var script=document.createElement('script');script.type='module';script.src=${JSON.stringify(entry.src)};`,
    `document.head.appendChild(script);}`,
    `requestAnimationFrame(function(){setTimeout(start,0);});setTimeout(start,1000);})();`,
  ].join('');
}

/** What a page served as islands loads instead of React Router's scripts (decision 059). */
export function IslandScripts({ entry, nonce }: { entry: IslandsEntry; nonce?: string }) {
  return (
    <>
      <script type="speculationrules" nonce={nonce} dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }} />
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: islandsStarter(entry) }} />
    </>
  );
}
