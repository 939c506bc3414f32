import { Fragment, type ReactNode } from 'react';
import type { Route } from './+types/home';
import { seo, siteFromMeta } from '#app/components/seo.ts';
import { ContactFormIsland } from '#app/features/contact/contact-form-island.tsx';
import { BookCallout } from '#app/features/marketing/book-callout.tsx';
import { HomeContactSection } from '#app/features/marketing/home-contact-section.tsx';
import { HomeHero } from '#app/features/marketing/home-hero.tsx';
import { heroContent } from '#app/features/marketing/page-content.server.ts';
import { homeBlocksContent } from '#app/features/marketing/process-content.server.ts';
import { PreparingProjectSection } from '#app/features/marketing/preparing-project-section.tsx';
import { ServicePackagesSection } from '#app/features/marketing/service-packages-section.tsx';
import { TestimonialsSection } from '#app/features/marketing/testimonials-section.tsx';
import { FeaturedSamples } from '#app/features/samples/featured-samples.tsx';
import { featuredSamplesLoader } from '#app/features/samples/featured-loader.server.ts';
import { Island } from '#app/islands/island.tsx';
import { ISLAND } from '#app/islands/island-names.ts';
import { useRootData } from '#app/lib/root-data.ts';
import type { HomeBlockKey } from '#common/site-content/home.ts';
import { locationLabel } from '#common/site-content/format.ts';
import { formatPrice, newClientOffer } from '#common/site-content/package-words.ts';
import { fromContext } from '#app/lib/server-context.server.ts';

// The contact form posts here when JavaScript is off (see contact-form.tsx).
export { contactPageAction as action } from '#app/features/contact/contact-action.server.ts';

/** The six newest samples for the featured block, rendered into the first HTML, the owner's hero, blocks and testimonials. */
export async function loader(args: Route.LoaderArgs) {
  const [featured, content, hero, home] = await Promise.all([
    featuredSamplesLoader(args),
    fromContext(args.context).services.site.siteContent.current(),
    heroContent(args.context),
    homeBlocksContent(args.context),
  ]);
  return { ...featured, hero, ...home, testimonials: content.testimonials.testimonials };
}

export const meta: Route.MetaFunction = (args) => {
  const site = siteFromMeta(args);
  const location = site ? locationLabel(site.studio.location) : '';
  const special = site ? newClientOffer(site.packages.packages) : null;
  return seo(args, {
    title: `Professional Audio Mixing & Mastering in ${site?.studio.location.city ?? ''}`.trim(),
    description:
      `Radio-ready mixing and mastering from ${location}, for artists worldwide.` +
      (special ? ` First song mixed and mastered for ${formatPrice(special.price)}.` : ''),
    path: '/',
    keywords: ({ location: { city } }) => [
      `${city} mixing and mastering`,
      `${city} recording studio`,
      'online mixing and mastering',
      'professional audio mastering',
      'radio-ready mix',
      'mixing engineer for independent artists',
    ],
  });
};

/**
 * The hero, then the blocks the owner shows, in the owner's order (by default the spec's: #services,
 * #process, featured samples, testimonials, #contact; the footer comes from the layout).
 */
export default function Page({ loaderData }: Route.ComponentProps) {
  const { site, isAdmin } = useRootData();
  const { packages } = site;
  const { blocks, preparing } = loaderData;
  const render: Record<HomeBlockKey, (heading: (typeof blocks)[number]) => ReactNode> = {
    packages: (heading) => <ServicePackagesSection packages={packages.packages} heading={heading} />,
    preparing: (heading) => <PreparingProjectSection heading={heading} preparing={preparing} />,
    samples: (heading) => (
      <Island name={ISLAND.featuredSamples} component={FeaturedSamples} props={{ samples: loaderData.featuredSamples, isAdmin, heading }} />
    ),
    testimonials: (heading) => <TestimonialsSection testimonials={loaderData.testimonials} heading={heading} band />,
    contact: (heading) => (
      <HomeContactSection heading={heading}>
        <BookCallout className="mb-8" />
        <ContactFormIsland />
      </HomeContactSection>
    ),
  };
  return (
    <>
      <HomeHero
        hero={loaderData.hero}
        special={newClientOffer(packages.packages)}
        servicesHref={blocks.some((block) => block.key === 'packages') ? '#services' : '/services'}
      />
      {blocks.map((block) => (
        <Fragment key={block.key}>{render[block.key](block)}</Fragment>
      ))}
    </>
  );
}
