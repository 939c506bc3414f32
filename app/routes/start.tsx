import { Zap } from 'lucide-react';
import type { Route } from './+types/start';
import { PageHero } from '#app/components/page-hero.tsx';
import { seo } from '#app/components/seo.ts';
import { AppLink } from '#app/components/ui/app-link.tsx';
import { Island } from '#app/islands/island.tsx';
import { ISLAND } from '#app/islands/island-names.ts';
import { StartForm } from '#app/features/start/start-form.tsx';
import type { StartFormResult } from '#app/features/start/start-form-result.ts';
import { cn } from '#app/lib/cn.ts';
import { formatMoney } from '#common/billing/money.ts';
import { PAGE_POLICIES, type PageHandle } from '#common/page-policy.ts';

/**
 * The package is a step in the address (`?package=`): the bare `/start` is one shared copy, with a
 * package chosen it is rendered per request, as the booking picker is (decision 115).
 */
export const handle: PageHandle = { page: PAGE_POLICIES.sharedUntilAsked };

export { startPageLoader as loader, startPageAction as action } from '#app/features/start/start-page.server.ts';

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: 'Start Your Project',
    description: 'Choose a package, the number of songs and any extras, see your total, and start your mix or master.',
    path: '/start',
    keywords: ['mixing and mastering price', 'order a mix', 'book mastering online'],
  });

export default function StartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { packages, chosenKey, depositPercent, currency, limits } = loaderData;
  const pkg = packages.find((candidate) => candidate.key === chosenKey)!;
  return (
    <>
      <PageHero eyebrow="Start your project" title="Start Your Project">
        <p>Pick a package, tell us how many songs, and see your total before you send anything.</p>
      </PageHero>
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[1fr_1.5fr] lg:px-8">
        <nav aria-labelledby="start-packages-title" className="grid content-start gap-3">
          <h2 id="start-packages-title" className="text-lg font-semibold text-fg">
            1. Your package
          </h2>
          <ul className="grid gap-3">
            {packages.map((option) => {
              const current = option.key === pkg.key;
              return (
                <li key={option.key}>
                  <AppLink
                    to={`/start?package=${encodeURIComponent(option.key)}`}
                    rel="nofollow"
                    aria-current={current ? 'page' : undefined}
                    className={cn(
                      'grid gap-1 rounded-xl border p-4 transition-colors',
                      'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
                      current ? 'border-accent bg-surface' : 'border-line hover:border-fg-subtle',
                    )}
                  >
                    <span className="flex items-center justify-between gap-3 font-semibold text-fg">
                      {option.name}
                      <span className="tabular-nums">{formatMoney(option.price * 100, currency)}</span>
                    </span>
                    <span className="flex flex-wrap items-center gap-x-3 text-sm text-fg-muted">
                      {option.priceNote}
                      {option.instantBooking ? (
                        <span className="inline-flex items-center gap-1 font-medium text-accent">
                          <Zap aria-hidden className="size-3.5" /> Book instantly
                        </span>
                      ) : null}
                    </span>
                  </AppLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <section aria-labelledby="start-form-title" className="rounded-2xl border border-line bg-surface p-6 sm:p-8">
          <h2 id="start-form-title" className="text-2xl font-semibold text-fg">
            2. {pkg.name}
          </h2>
          <p className="mt-2 text-fg-muted">
            {pkg.instantBooking
              ? 'Book it now: sign the agreement and pay the deposit on the next page, then send your files.'
              : 'Send your request: we check the details and e-mail you a proposal to sign.'}
          </p>
          <div className="mt-6">
            <Island
              name={ISLAND.startForm}
              component={StartForm}
              props={{
                pkg,
                depositPercent,
                currency,
                limits,
                formAction: `/start?package=${encodeURIComponent(pkg.key)}`,
                serverResult: (actionData as StartFormResult | undefined) ?? null,
              }}
            />
          </div>
        </section>
      </div>
    </>
  );
}
