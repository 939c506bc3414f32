import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { formatPrice } from '#common/site-content/format.ts';
import { cn } from '#app/lib/cn.ts';

/** The contact page's short price overview: each shown service and the price it starts from. */
export function ServicesGlance({ services }: { services: ReadonlyArray<{ path: string; name: string; price: number | null }> }) {
  if (services.length === 0) return null;
  return (
    <section aria-labelledby="services-glance-title" className="rounded-2xl border border-line bg-surface p-6 sm:p-8">
      <h2 id="services-glance-title" className="text-xl font-semibold text-fg">
        Services at a Glance
      </h2>
      <ul className="mt-4 grid gap-3">
        {services.map((service) => (
          <li key={service.path}>
            <Link
              to={service.path}
              className={cn(
                'group flex items-center justify-between gap-4 rounded-xl border border-line bg-surface-raised',
                'px-4 py-3 hover:border-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
              )}
            >
              <span className="font-medium text-fg">{service.name}</span>
              <span className="flex shrink-0 items-center gap-2 font-semibold text-accent">
                {service.price !== null ? `From ${formatPrice(service.price)}` : null}
                <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
