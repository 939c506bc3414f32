import { HOME_PACKAGES } from '#app/content/pricing.ts';
import { PackageCard } from './package-card';
import { SectionHeading, sectionContainer } from './content-section';

/** Home page #services: the three package cards. */
export function ServicePackagesSection() {
  return (
    <section id="services" aria-labelledby="services-title" className="scroll-mt-20 py-20 sm:py-28">
      <div className={sectionContainer}>
        <SectionHeading id="services-title" eyebrow="Pricing" title="Our Service Packages">
          <p>Clear prices per song, no surprises. Every package is mixed and mastered by hand and delivered radio-ready.</p>
        </SectionHeading>
        <div className="mt-14 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {HOME_PACKAGES.map((pkg) => (
            <PackageCard key={pkg.id} pkg={pkg} />
          ))}
        </div>
      </div>
    </section>
  );
}
