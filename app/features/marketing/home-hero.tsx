import { ArrowDown, Sparkles } from 'lucide-react';
import type { MouseEvent } from 'react';
import { ButtonLink, buttonClasses } from '#app/components/ui/button.tsx';
import { INTRO_PRICE_USD, INTRO_SAVING_PERCENT, REGULAR_SONG_PRICE_USD, formatPrice } from '#app/content/pricing.ts';
import { YEARS_EXPERIENCE } from '#app/content/about.ts';
import { STUDIO_LOCATION } from '#app/content/site.ts';
import { HeroImage } from './hero-image';
import { cn } from '#app/lib/cn.ts';

/** Smooth-scrolls to #services (unless the visitor prefers reduced motion) and keeps the hash in the URL. */
function scrollToServices(event: MouseEvent<HTMLAnchorElement>) {
  const target = document.getElementById('services');
  if (!target) return;
  event.preventDefault();
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  window.history.pushState(null, '', '#services');
}

// Two soft lights behind the hero: amber top right, indigo bottom left.
const HERO_GLOW =
  'radial-gradient(60rem 30rem at 85% 10%, rgb(245 184 61 / 0.14), transparent 60%), ' +
  'radial-gradient(40rem 30rem at 0% 100%, rgb(99 102 241 / 0.08), transparent 60%)';

export function HomeHero() {
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
          <p className="text-sm font-semibold uppercase tracking-widest text-accent">
            Mixing · Mastering · Vocal Production · {STUDIO_LOCATION.label}
          </p>
          <h1 id="hero-title" className="mt-4 text-4xl font-bold tracking-tight text-balance text-fg sm:text-6xl">
            Professional Audio Mastering
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-fg-muted">
            Radio-ready sound for artists everywhere. We mix and master your songs in Atlanta with {YEARS_EXPERIENCE} years of experience,
            and we work with you until your music sounds the way you hear it.
          </p>
          <div className="mt-8 max-w-xl rounded-2xl border border-accent/40 bg-accent-soft p-5">
            <p className="flex items-center gap-2 text-sm font-bold uppercase tracking-wide text-accent">
              <Sparkles aria-hidden="true" className="size-4" />
              New Client Special
            </p>
            <p className="mt-2 text-fg">
              Your first song mixed and mastered for{' '}
              <strong className="text-2xl font-bold text-accent">{formatPrice(INTRO_PRICE_USD)}</strong>{' '}
              <span className="text-fg-muted">
                instead of <s>{formatPrice(REGULAR_SONG_PRICE_USD)}</s>
              </span>
              . Save {INTRO_SAVING_PERCENT}%.
            </p>
          </div>
          <div className="mt-8 flex flex-wrap gap-4">
            <ButtonLink to="/contact" size="lg">
              Get Started
            </ButtonLink>
            <a href="#services" onClick={scrollToServices} className={buttonClasses('secondary', 'lg')}>
              View Services
              <ArrowDown aria-hidden="true" className="size-4" />
            </a>
          </div>
        </div>
        <div className="relative mx-auto w-full max-w-xl lg:max-w-none">
          <div className="overflow-hidden rounded-3xl border border-line bg-surface shadow-2xl shadow-black/50 aspect-[4/3]">
            <HeroImage sizes="(min-width: 1280px) 600px, (min-width: 1024px) 45vw, (min-width: 640px) 576px, 100vw" />
          </div>
        </div>
      </div>
    </section>
  );
}
