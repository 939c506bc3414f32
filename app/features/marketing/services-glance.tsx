import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { formatPrice } from '#common/site-content/format.ts';
import { fromPrice } from '#common/site-content/package-words.ts';
import type { Packages } from '#common/site-content/packages.ts';
import { cn } from '#app/lib/cn.ts';

/** The contact page's short price overview. */
export function ServicesGlance({ packages }: { packages: Packages }) {
  const services = [
    { title: 'Mixing & Mastering', price: `From ${formatPrice(fromPrice(packages.packages))}`, to: '/services/mixing-mastering' },
    { title: 'Vocal Production', price: `From ${formatPrice(packages.vocalProductionFrom)}`, to: '/services/vocal-production' },
  ];
  return (
    <section aria-labelledby="services-glance-title" className="rounded-2xl border border-line bg-surface p-6 sm:p-8">
      <h2 id="services-glance-title" className="text-xl font-semibold text-fg">
        Services at a Glance
      </h2>
      <ul className="mt-4 grid gap-3">
        {services.map((service) => (
          <li key={service.to}>
            <Link
              to={service.to}
              className={cn(
                'group flex items-center justify-between gap-4 rounded-xl border border-line bg-surface-raised',
                'px-4 py-3 hover:border-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
              )}
            >
              <span className="font-medium text-fg">{service.title}</span>
              <span className="flex items-center gap-2 font-semibold text-accent">
                {service.price}
                <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
