import { ArrowRight, Check } from 'lucide-react';
import type { Route } from './+types/services';
import { PageHero } from '#app/components/page-hero.tsx';
import { seo } from '#app/components/seo.ts';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { CtaBand, ContactCta } from '#app/features/marketing/cta-band.tsx';
import { FeatureGrid } from '#app/features/marketing/feature-grid.tsx';
import { ContentSection, sectionContainer } from '#app/features/marketing/content-section.tsx';
import { ServiceIcon } from '#app/features/marketing/service-icon.tsx';
import { servicesOverview } from '#app/features/marketing/services-content.server.ts';
import { cn } from '#app/lib/cn.ts';
import { useSite } from '#app/lib/root-data.ts';
import { formatPrice, newClientOffer } from '#common/site-content/package-words.ts';

export const loader = ({ context }: Route.LoaderArgs) => servicesOverview(context);

export const meta: Route.MetaFunction = (args) => {
  const cards = args.loaderData?.cards ?? [];
  const priced = cards.filter((card) => card.price !== null).map((card) => `${card.name} from ${formatPrice(card.price!)}`);
  return seo(args, {
    title: 'Services',
    description: `${priced.length > 0 ? `${priced.join(', ')}. ` : ''}For independent artists worldwide, with transparent pricing.`,
    path: '/services',
    keywords: ({ location: { city } }) => [
      ...cards.map((card) => `${card.name.toLowerCase()} services`),
      'mixing and mastering prices',
      'price per song',
      `${city} audio engineer`,
    ],
  });
};

export default function Page({ loaderData }: Route.ComponentProps) {
  const { packages } = useSite();
  const { intro, cards, whyChooseUs, ctaTitle } = loaderData;
  const special = newClientOffer(packages.packages);
  return (
    <>
      <PageHero eyebrow="Services" title="Our Services">
        <p>{intro}</p>
      </PageHero>

      {cards.length > 0 ? (
        <section aria-label="Services" className={`${sectionContainer} py-16 sm:py-20`}>
          <div className={cn('grid gap-8', cards.length > 1 && 'md:grid-cols-2', cards.length > 2 && 'xl:grid-cols-3')}>
            {cards.map((service) => (
              <article key={service.slug} className="flex flex-col rounded-2xl border border-line bg-surface p-6 sm:p-8">
                <div className="flex items-center gap-3">
                  <span
                    className={cn(
                      'grid size-11 shrink-0 place-items-center rounded-full',
                      'border border-accent/40 bg-accent-soft text-accent',
                    )}
                  >
                    <ServiceIcon icon={service.icon} className="size-5" />
                  </span>
                  <h2 className="text-2xl font-semibold text-fg">{service.name}</h2>
                </div>
                {service.price !== null ? (
                  <p className="mt-4">
                    <span className="block text-sm text-fg-subtle">{service.priceLabel}</span>
                    <span className="text-4xl font-bold tracking-tight text-accent">{formatPrice(service.price)}</span>
                  </p>
                ) : null}
                <p className="mt-4 leading-relaxed text-fg-muted">{service.summary}</p>
                {service.points.length > 0 ? (
                  <ul className="mt-6 grid gap-3 text-sm text-fg sm:grid-cols-2">
                    {service.points.map((point) => (
                      <li key={point} className="flex gap-3">
                        <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
                        {point}
                      </li>
                    ))}
                  </ul>
                ) : null}
                <div className="mt-auto pt-8">
                  <ButtonLink to={service.path} variant="secondary">
                    Learn more<span className="sr-only"> about {service.name}</span>
                    <ArrowRight aria-hidden="true" className="size-4" />
                  </ButtonLink>
                </div>
              </article>
            ))}
          </div>
        </section>
      ) : null}

      {whyChooseUs.length > 0 ? (
        <ContentSection id="why" eyebrow="Why us" title="Why Choose Us" band>
          <div className="mt-12">
            <FeatureGrid items={whyChooseUs} columns={whyChooseUs.length === 4 ? 4 : whyChooseUs.length === 2 ? 2 : 3} />
          </div>
        </ContentSection>
      ) : null}

      <CtaBand id="services-cta-title" title={ctaTitle} actions={<ContactCta />}>
        <p>
          Tell us about your song. The consultation is free
          {special ? `, and new clients get their first song mixed and mastered for ${formatPrice(special.price)}` : ''}.
        </p>
      </CtaBand>
    </>
  );
}
