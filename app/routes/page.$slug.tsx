import { isRouteErrorResponse } from 'react-router';
import type { Route } from './+types/page.$slug';
import { PageHero } from '#app/components/page-hero.tsx';
import { seo } from '#app/components/seo.ts';
import { PageBlockSection } from '#app/features/pages/page-blocks.tsx';
import { ownerPage } from '#app/features/pages/page-view.server.ts';
import { FRAME_SOURCES_HEADER } from '#common/embeds.ts';
import { imageUrl } from '#common/site-content/format.ts';
import NotFound, { meta as notFoundMeta } from './not-found.tsx';

/** An owner's own page at `/{slug}` (decision 119): a former address moves on (301), a hidden or unknown one is the 404. */
export const loader = ({ context, params }: Route.LoaderArgs) => ownerPage(context, params.slug);

/** A page with players names their providers' frame origins: the server makes them its CSP's frame-src, and nothing else may frame. */
export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders }) => {
  if (errorHeaders) return errorHeaders;
  const frames = loaderHeaders.get(FRAME_SOURCES_HEADER);
  return frames ? { [FRAME_SOURCES_HEADER]: frames } : new Headers();
};

export const meta: Route.MetaFunction = (args) => {
  const page = args.loaderData;
  if (!page) return notFoundMeta(args as never);
  const tags = seo(args, { title: page.seo.title, description: page.seo.description, path: page.path, noindex: page.seo.noindex });
  const image = page.seo.shareImage;
  if (!image) return tags;
  // The owner's own share image instead of the one made from the title.
  const publicUrl = tags.find((tag) => 'property' in tag && tag.property === 'og:url');
  const origin = publicUrl && 'content' in publicUrl ? new URL(String(publicUrl.content)).origin : '';
  const width = image.widths.filter((w) => w <= 1200).at(-1) ?? Math.min(...image.widths);
  const src = `${origin}${imageUrl(image.id, width, 'jpeg')}`;
  const drop = new Set(['og:image', 'og:image:width', 'og:image:height', 'twitter:image']);
  const kept = tags.filter(
    (tag) => !(('property' in tag && drop.has(String(tag.property))) || ('name' in tag && drop.has(String(tag.name)))),
  );
  return [...kept, { property: 'og:image', content: src }, { name: 'twitter:image', content: src }];
};

export default function Page({ loaderData: page }: Route.ComponentProps) {
  return (
    <>
      <PageHero title={page.title} />
      <div className="pb-16">
        {page.blocks.map((block, index) => (
          <PageBlockSection key={index} block={block} index={index} />
        ))}
      </div>
    </>
  );
}

/** An unknown or hidden page is the site's own 404 page, inside the header and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  throw error;
}
