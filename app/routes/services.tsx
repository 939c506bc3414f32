import { ArrowRight, Check } from 'lucide-react';
import type { Route } from './+types/services';
import { PageHero } from '#app/components/page-hero.tsx';
import { seo, siteFromMeta } from '#app/components/seo.ts';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { SERVICE_OVERVIEW, WHY_CHOOSE_US } from '#app/content/services.ts';
import { CtaBand, ContactCta } from '#app/features/marketing/cta-band.tsx';
import { FeatureGrid } from '#app/features/marketing/feature-grid.tsx';
import { ContentSection, sectionContainer } from '#app/features/marketing/content-section.tsx';
import { useSite } from '#app/root.tsx';
import { formatPrice, fromPrice, newClientOffer } from '#common/site-content/package-words.ts';
import type { Packages } from '#common/site-content/packages.ts';

/** Each service's headline price: the lowest package (the intro special when that is it); vocals from their own price. */
function servicePrice(packages: Packages, id: (typeof SERVICE_OVERVIEW)[number]['id']) {
  if (id === 'vocal-production') return { label: 'Starting at', price: packages.vocalProductionFrom };
  const price = fromPrice(packages.packages);
  return { label: newClientOffer(packages.packages)?.price === price ? 'Intro special' : 'Starting at', price };
}

export const meta: Route.MetaFunction = (args) => {
  const packages = siteFromMeta(args)?.packages;
  return seo(args, {
    title: 'Services',
    description: packages
      ? `Mixing and mastering from ${formatPrice(fromPrice(packages.packages))} and vocal production from ` +
        `${formatPrice(packages.vocalProductionFrom)}, for independent artists worldwide, with transparent pricing.`
      : 'Mixing, mastering and vocal production for independent artists worldwide, with transparent pricing.',
    path: '/services',
    keywords: ({ location: { city } }) => [
      'mixing and mastering services',
      'vocal production services',
      'mixing and mastering prices',
      'price per song',
      `${city} audio engineer`,
    ],
  });
};

export default function Page() {
  const { studio, packages } = useSite();
  const special = newClientOffer(packages.packages);
  return (
    <>
      <PageHero eyebrow="Services" title="Our Services">
        <p>
          Everything your song needs to sound finished: mixing, mastering and vocal production, done by hand in {studio.location.city} for
          artists everywhere.
        </p>
      </PageHero>

      <section aria-label="Services" className={`${sectionContainer} py-16 sm:py-20`}>
        <div className="grid gap-8 md:grid-cols-2">
          {SERVICE_OVERVIEW.map((service) => ({ ...service, ...servicePrice(packages, service.id) })).map((service) => (
            <article key={service.id} className="flex flex-col rounded-2xl border border-line bg-surface p-6 sm:p-8">
              <h2 className="text-2xl font-semibold text-fg">{service.title}</h2>
              <p className="mt-4">
                <span className="block text-sm text-fg-subtle">{service.label}</span>
                <span className="text-4xl font-bold tracking-tight text-accent">{formatPrice(service.price)}</span>
              </p>
              <p className="mt-4 leading-relaxed text-fg-muted">{service.text}</p>
              <ul className="mt-6 grid gap-3 text-sm text-fg sm:grid-cols-2">
                {service.points.map((point) => (
                  <li key={point} className="flex gap-3">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
                    {point}
                  </li>
                ))}
              </ul>
              <div className="mt-auto pt-8">
                <ButtonLink to={service.to} variant="secondary">
                  Learn more<span className="sr-only"> about {service.title}</span>
                  <ArrowRight aria-hidden="true" className="size-4" />
                </ButtonLink>
              </div>
            </article>
          ))}
        </div>
      </section>

      <ContentSection id="why" eyebrow="Why us" title="Why Choose Us" band>
        <div className="mt-12">
          <FeatureGrid items={WHY_CHOOSE_US} />
        </div>
      </ContentSection>

      <CtaBand id="services-cta-title" title="Ready to Hear the Difference?" actions={<ContactCta />}>
        <p>
          Tell us about your song. The consultation is free
          {special ? `, and new clients get their first song mixed and mastered for ${formatPrice(special.price)}` : ''}.
        </p>
      </CtaBand>
    </>
  );
}
