import type { RouterContextProvider } from 'react-router';
import { tokenFactsOf } from '#common/site-content/service-rules.ts';
import { fillTextTokens, type TokenFacts } from '#common/site-content/content-tokens.ts';
import type { Process } from '#common/site-content/process.ts';
import type { PreparingView } from './preparing-project-section.tsx';
import { fromContext } from '#app/lib/server-context.server.ts';

/*
 * The Process page's and the home blocks' words with the studio's facts filled in, on the server:
 * the pages receive finished text and need no JavaScript to show it. Step numbers come from the
 * order the owner gave.
 */

type Fill = (text: string) => string;

function filler(facts: TokenFacts): Fill {
  return (text) => fillTextTokens(text, facts);
}

/** "How to prepare your files": the home block and the client's project page read the same lists. */
export function fillPreparing(preparing: Process['preparing'], fill: Fill): PreparingView {
  const list = (group: { title: string; items: string[] }) => ({ title: fill(group.title), items: group.items.map(fill) });
  return {
    checklistTitle: fill(preparing.checklistTitle),
    checklist: preparing.checklist.map(list),
    guides: preparing.guides.map((guide) => ({ ...list(guide), icon: guide.icon })),
  };
}

export async function processContent(context: Readonly<RouterContextProvider>) {
  const content = await fromContext(context).services.site.siteContent.current();
  const { process } = content;
  const fill = filler(tokenFactsOf(content));
  const titled = (item: { title: string; text: string }) => ({ title: fill(item.title), text: fill(item.text) });
  return {
    intro: fill(process.intro),
    steps: process.steps.map((step, index) => ({ number: index + 1, ...titled(step) })),
    standards: process.standards.map(titled),
    timelineIntro: fill(process.timelineIntro),
    cta: titled(process.cta),
  };
}

/** The shown home blocks in the owner's order, with their words filled, and the file guide they may need. */
export async function homeBlocksContent(context: Readonly<RouterContextProvider>) {
  const content = await fromContext(context).services.site.siteContent.current();
  const { home, process } = content;
  const fill = filler(tokenFactsOf(content));
  const blocks = home.blocks
    .filter((block) => block.visible)
    .map((block) => ({ ...block, eyebrow: fill(block.eyebrow), title: fill(block.title), intro: fill(block.intro) }));
  return { blocks, preparing: fillPreparing(process.preparing, fill) };
}

/** The short checklist a client sees on a project page. */
export async function checklistContent(context: Readonly<RouterContextProvider>): Promise<string[]> {
  const content = await fromContext(context).services.site.siteContent.current();
  return fillPreparing(content.process.preparing, filler(tokenFactsOf(content))).checklist.flatMap((group) => group.items);
}
