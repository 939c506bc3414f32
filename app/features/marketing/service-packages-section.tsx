import type { Package } from '#common/site-content/packages.ts';
import { cardGridColumns } from '#app/components/card-grid.ts';
import { cn } from '#app/lib/cn.ts';
import { PackageCard } from './package-card.tsx';
import { packageCards, type PackageView } from './package-view.ts';
import { SectionHeading, sectionContainer, type SectionWords } from './content-section.tsx';

/** Home page #services: the owner's package cards. */
export function ServicePackagesSection({ packages: records, heading }: { packages: Package[]; heading: SectionWords }) {
  const packages = packageCards(records);
  return (
    // No scroll margin of its own: the page's scroll-padding-top (app.css) already keeps an anchored section clear of the sticky header.
    <section id="services" aria-labelledby="services-title" className="py-20 sm:py-28">
      <div className={sectionContainer}>
        <SectionHeading id="services-title" eyebrow={heading.eyebrow} title={heading.title}>
          {heading.intro ? <p className="whitespace-pre-line">{heading.intro}</p> : null}
        </SectionHeading>
        <PackageGrid packages={packages} />
      </div>
    </section>
  );
}

/** Package cards side by side, centred when there are fewer than three (home and each service page). */
export function PackageGrid({ packages }: { packages: PackageView[] }) {
  return (
    <div className={cn('mt-14 grid gap-8 md:gap-6 lg:gap-8', packages.length < 3 && 'mx-auto max-w-4xl', cardGridColumns(packages.length))}>
      {packages.map((pkg) => (
        <PackageCard key={pkg.id} pkg={pkg} />
      ))}
    </div>
  );
}
