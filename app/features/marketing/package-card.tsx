import { Check } from 'lucide-react';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { formatPrice } from '#common/site-content/format.ts';
import type { PackageView } from './package-view.ts';
import { cn } from '#app/lib/cn.ts';

/** The start page with this package chosen (decision 115). */
export const startProjectPath = (packageKey: string) => `/start?package=${encodeURIComponent(packageKey)}`;

/** One price card with its features, a Start your project link to /start and a Get Started link to /contact. */
export function PackageCard({ pkg, headingLevel = 3 }: { pkg: PackageView; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <article
      className={cn(
        'relative flex flex-col rounded-2xl border bg-surface p-6 lg:p-8',
        pkg.popular
          ? 'border-accent shadow-[0_0_0_1px_var(--color-accent),0_20px_60px_-20px_color-mix(in_srgb,var(--color-accent)_35%,transparent)]'
          : 'border-line',
      )}
    >
      {pkg.popular ? (
        <p className="absolute -top-3 left-6 rounded-full bg-accent px-3 py-1 text-xs font-bold uppercase tracking-wide text-ink">
          Most Popular
        </p>
      ) : null}
      <Heading className="text-xl font-semibold text-fg">{pkg.title}</Heading>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="text-5xl font-bold tracking-tight text-fg" data-testid={`price-${pkg.id}`}>
          {formatPrice(pkg.price)}
        </span>
        {pkg.regularPrice ? (
          <span className="text-lg text-fg-subtle line-through">
            <span className="sr-only">Regular price </span>
            {formatPrice(pkg.regularPrice)}
          </span>
        ) : null}
      </p>
      {pkg.note ? (
        <p className={cn('mt-1 text-sm', pkg.regularPrice ? 'font-semibold text-accent' : 'text-fg-subtle')}>{pkg.note}</p>
      ) : null}
      <p className="mt-4 leading-relaxed text-fg-muted">{pkg.description}</p>
      {pkg.features.length > 0 ? (
        <ul className="mt-6 grid gap-3 text-sm text-fg" aria-label={`${pkg.title} includes`}>
          {pkg.features.map((feature) => (
            <li key={feature} className="flex gap-3">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto grid gap-2 pt-8">
        <ButtonLink
          to={startProjectPath(pkg.id)}
          variant={pkg.popular ? 'primary' : 'secondary'}
          className="w-full"
          aria-label={`Start your project with the ${pkg.title}`}
        >
          Start your project
        </ButtonLink>
        <ButtonLink to="/contact" variant="ghost" className="w-full" aria-label={`Get Started with the ${pkg.title}`}>
          Get Started
        </ButtonLink>
      </div>
    </article>
  );
}
