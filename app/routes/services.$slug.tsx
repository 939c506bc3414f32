import { isRouteErrorResponse } from 'react-router';
import type { Route } from './+types/services.$slug';
import { PageHero } from '#app/components/page-hero.tsx';
import { seo } from '#app/components/seo.ts';
import { MarkdownView } from '#app/components/markdown-view.tsx';
import { CtaBand, ContactCta } from '#app/features/marketing/cta-band.tsx';
import { ContentSection } from '#app/features/marketing/content-section.tsx';
import { FeatureGrid } from '#app/features/marketing/feature-grid.tsx';
import { PackageGrid } from '#app/features/marketing/service-packages-section.tsx';
import { startProjectPath } from '#app/features/marketing/package-card.tsx';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { servicePage, type ServicePageView } from '#app/features/marketing/services-content.server.ts';
import { StepList } from '#app/features/marketing/step-list.tsx';
import { formatPrice } from '#common/site-content/package-words.ts';
import NotFound, { meta as notFoundMeta } from './not-found.tsx';

/** Every service's page, from the owner's services section: an old address moves on (301), an unknown or hidden one is the 404. */
export const loader = ({ context, params }: Route.LoaderArgs) => servicePage(context, params.slug);

export const meta: Route.MetaFunction = (args) => {
  const service = args.loaderData;
  if (!service) return notFoundMeta(args as never);
  return seo(args, {
    title: service.name,
    description: service.price !== null ? `${service.summary} From ${formatPrice(service.price)}.` : service.summary,
    path: service.path,
    keywords: service.keywords.length > 0 ? service.keywords : [service.name.toLowerCase()],
  });
};

const columnsFor = (count: number) => (count === 4 ? 4 : count === 2 ? 2 : 3);

function PageSection({ section, index }: { section: ServicePageView['sections'][number]; index: number }) {
  return (
    <ContentSection id={`section-${index + 1}`} eyebrow={section.eyebrow || undefined} title={section.title} band={index % 2 === 1}>
      {section.body.length > 0 ? <MarkdownView blocks={section.body} className="mx-auto mt-6 max-w-3xl text-lg" /> : null}
      {section.items.length > 0 ? (
        <div className="mt-12">
          {section.itemsAs === 'steps' ? (
            <StepList steps={section.items.map((item, at) => ({ ...item, number: at + 1 }))} />
          ) : (
            <FeatureGrid items={section.items} columns={columnsFor(section.items.length)} />
          )}
        </div>
      ) : null}
    </ContentSection>
  );
}

export default function Page({ loaderData: service }: Route.ComponentProps) {
  const { sections, packages } = service;
  return (
    <>
      <PageHero eyebrow="Services" title={service.name}>
        <p>{service.intro}</p>
        {service.price !== null ? (
          <p className="mt-6 text-base">
            {service.priceLabel} <span className="text-3xl font-bold text-accent">{formatPrice(service.price)}</span>
          </p>
        ) : null}
      </PageHero>

      {sections.map((section, index) => (
        <PageSection key={index} section={section} index={index} />
      ))}

      {packages.length > 0 ? (
        <ContentSection id="packages" eyebrow="Pricing" title={service.packagesTitle} band={sections.length % 2 === 1}>
          <PackageGrid packages={packages} />
        </ContentSection>
      ) : null}

      <CtaBand
        id="service-cta-title"
        title={service.cta.title}
        actions={
          <>
            <ContactCta label={service.cta.button} />
            <ButtonLink to={packages[0] ? startProjectPath(packages[0].id) : '/start'} size="lg" variant="secondary">
              Start your project
            </ButtonLink>
          </>
        }
      >
        <p>{service.cta.text}</p>
      </CtaBand>
    </>
  );
}

/** An unknown or hidden service is the site's own 404 page, inside the header and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  throw error;
}
