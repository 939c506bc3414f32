import { data, redirect, type RouterContextProvider } from 'react-router';
import { FRAME_SOURCES_HEADER, frameOriginsOf, type EmbedProvider } from '#common/embeds.ts';
import { parseMarkdown } from '#common/markdown.ts';
import { fillContentTokens, fillTextTokens } from '#common/site-content/content-tokens.ts';
import { lookUpPage, pagePath } from '#common/site-content/page-slugs.ts';
import type { PageBlock, SitePage } from '#common/site-content/pages.ts';
import { tokenFactsOf } from '#common/site-content/service-rules.ts';
import type { Testimonial } from '#common/site-content/testimonials.ts';
import { fromContext } from '#app/lib/server-context.server.ts';

/*
 * The loader's share of an owner's page (decision 119): tokens filled and Markdown parsed on the
 * server, the players reduced to what their facades need. A former address answers 301 to today's
 * (one hop), a hidden or unknown page is the site's 404.
 */

type Fill = (text: string) => string;

function blockView(block: PageBlock, fill: Fill, fillMarkdown: Fill, testimonials: Testimonial[]) {
  switch (block.type) {
    case 'text':
      return { type: block.type, body: parseMarkdown(fillMarkdown(block.body)) };
    case 'cta':
      return { ...block, title: fill(block.title), text: fill(block.text), button: fill(block.button) };
    case 'faq':
      return {
        ...block,
        title: fill(block.title),
        entries: block.entries.map((e) => ({ question: fill(e.question), answer: fill(e.answer) })),
      };
    case 'embed':
      return {
        type: block.type,
        provider: block.provider as EmbedProvider,
        embedUrl: block.embedUrl ?? '',
        link: block.link ?? block.url,
        title: fill(block.title),
      };
    case 'testimonials':
      return { type: block.type, title: fill(block.title), testimonials };
    default:
      return block;
  }
}
export type PageBlockView = ReturnType<typeof blockView>;

/** The words a search result shows when the owner wrote none: the start of the page's first text. */
function firstWords(page: SitePage): string {
  const text = page.blocks.find((block) => block.type === 'text');
  const plain =
    text?.type === 'text'
      ? text.body
          .replace(/[#*_>`[\]()-]+/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
      : '';
  return plain.length > 155 ? `${plain.slice(0, 154)}…` : plain || page.title;
}

export async function ownerPage(context: Readonly<RouterContextProvider>, slug: string | undefined) {
  const content = await fromContext(context).services.site.siteContent.current();
  const found = lookUpPage(content.pages.pages, slug ?? '');
  if (found.kind === 'moved') throw redirect(pagePath(found.slug), 301);
  if (found.kind === 'missing') throw data(null, { status: 404 });
  const { page } = found;
  const facts = tokenFactsOf(content);
  const fill = (text: string) => fillTextTokens(text, facts);
  const fillMarkdown = (text: string) => fillContentTokens(text, facts);
  const blocks = page.blocks.map((block) => blockView(block, fill, fillMarkdown, content.testimonials.testimonials));
  const providers = blocks.flatMap((block) => (block.type === 'embed' ? [block.provider] : []));
  const frameOrigins = frameOriginsOf(providers);
  const view = {
    path: pagePath(page.slug),
    title: fill(page.title),
    blocks,
    seo: {
      title: fill(page.seo.title) || fill(page.title),
      description: fill(page.seo.description) || fill(firstWords(page)),
      shareImage: page.seo.shareImage,
      noindex: page.seo.noindex,
    },
  };
  // The route passes this on; the server turns it into the page's frame-src (server/http/security-headers.ts).
  return data(view, frameOrigins.length > 0 ? { headers: { [FRAME_SOURCES_HEADER]: frameOrigins.join(' ') } } : undefined);
}
