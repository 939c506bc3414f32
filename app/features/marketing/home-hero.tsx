import { HERO_GLOW_ALPHA } from '#common/site-content/contrast.ts';
import { ArrowDown, Sparkles } from 'lucide-react';
import { ButtonLink, buttonClasses } from '#app/components/ui/button.tsx';
import { formatPrice, type newClientOffer } from '#common/site-content/package-words.ts';
import type { Hero } from '#common/site-content/hero.ts';
import { Island } from '#app/islands/island.tsx';
import { ISLAND } from '#app/islands/island-names.ts';
import { HeroVisual } from './hero-image.tsx';
import { cn } from '#app/lib/cn.ts';

// Two soft lights behind the hero: the accent top right (at the strength the contrast check measures), indigo bottom left.
const ACCENT_GLOW = `color-mix(in srgb, var(--color-accent) ${Math.round(HERO_GLOW_ALPHA * 100)}%, transparent)`;
const HERO_GLOW =
  `radial-gradient(60rem 30rem at 85% 10%, ${ACCENT_GLOW}, transparent 60%), ` +
  'radial-gradient(40rem 30rem at 0% 100%, rgb(99 102 241 / 0.08), transparent 60%)';

const HERO_SIZES = '(min-width: 1280px) 600px, (min-width: 1024px) 45vw, (min-width: 640px) 576px, 100vw';

/** The package sold below its regular price, as newClientOffer finds it. */
type Offer = NonNullable<ReturnType<typeof newClientOffer>>;

function NewClientSpecial({ special }: { special: Offer }) {
  return (
    <div className="mt-8 max-w-xl rounded-2xl border border-accent/40 bg-accent-soft p-5">
      <p className="flex items-center gap-2 text-sm font-bold uppercase tracking-wide text-accent">
        <Sparkles aria-hidden="true" className="size-4" />
        New Client Special
      </p>
      <p className="mt-2 text-fg">
        Your first song mixed and mastered for <strong className="text-2xl font-bold text-accent">{formatPrice(special.price)}</strong>
        {special.regularPrice > special.price ? (
          <>
            {' '}
            <span className="text-fg-muted">
              instead of <s>{formatPrice(special.regularPrice)}</s>
            </span>
            . Save {special.saving}%.
          </>
        ) : (
          '.'
        )}
      </p>
    </div>
  );
}

/** The first screen: the owner's headline and description, the special while it is on, their photo or the illustration (hero-image.tsx). */
export function HomeHero({
  hero,
  special,
  servicesHref = '#services',
}: {
  hero: Hero;
  special: Offer | null;
  /** The packages block when the home page shows it, else the services page. */
  servicesHref?: string;
}) {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden border-b border-line">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0" style={{ backgroundImage: HERO_GLOW }} />
      <div
        className={cn(
          'relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.05fr_1fr]',
          'lg:gap-16 lg:px-8 lg:py-28',
        )}
      >
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-accent">{hero.serviceLine}</p>
          <h1 id="hero-title" className="mt-4 text-4xl font-bold tracking-tight text-balance text-fg sm:text-6xl">
            {hero.headline}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed whitespace-pre-line text-fg-muted">{hero.description}</p>
          {special ? <NewClientSpecial special={special} /> : null}
          <div className="mt-8 flex flex-wrap gap-4">
            <ButtonLink to="/contact" size="lg">
              Get Started
            </ButtonLink>
            {/* A plain jump: the stylesheet makes it smooth (unless reduced motion is asked for)
                and keeps the heading clear of the sticky header. */}
            <a href={servicesHref} className={buttonClasses('secondary', 'lg')}>
              View Services
              <ArrowDown aria-hidden="true" className="size-4" />
            </a>
          </div>
        </div>
        <div className="relative mx-auto w-full max-w-xl lg:max-w-none">
          <Island
            key={hero.image?.id ?? 'illustration'}
            name={ISLAND.heroVisual}
            component={HeroVisual}
            props={{ image: hero.image, sizes: HERO_SIZES }}
          />
        </div>
      </div>
    </section>
  );
}
