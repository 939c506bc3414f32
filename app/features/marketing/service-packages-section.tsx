import type { Pricing } from '#common/site-content/pricing.ts';
import { PackageCard } from './package-card';
import { homePackages } from './package-view';
import { SectionHeading, sectionContainer } from './content-section';

/** Home page #services: the owner's package cards. */
export function ServicePackagesSection({ pricing }: { pricing: Pricing }) {
  const packages = homePackages(pricing);
  return (
    <section id="services" aria-labelledby="services-title" className="scroll-mt-20 py-20 sm:py-28">
      <div className={sectionContainer}>
        <SectionHeading id="services-title" eyebrow="Pricing" title="Our Service Packages">
          <p>Clear prices per song, no surprises. Every package is mixed and mastered by hand and delivered radio-ready.</p>
        </SectionHeading>
        <div
          className={
            packages.length === 3 ? 'mt-14 grid gap-8 md:grid-cols-2 lg:grid-cols-3' : 'mx-auto mt-14 grid max-w-4xl gap-8 md:grid-cols-2'
          }
        >
          {packages.map((pkg) => (
            <PackageCard key={pkg.id} pkg={pkg} />
          ))}
        </div>
      </div>
    </section>
  );
}
