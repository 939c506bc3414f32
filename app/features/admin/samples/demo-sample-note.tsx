import { Info } from 'lucide-react';

/*
 * A sample the site made on first start shows visitors an ordinary description; only here is the owner
 * told it is a stand-in. The flag goes with the sample, or when the API gives it other audio.
 */

const badgeClasses =
  'inline-flex shrink-0 items-center rounded-full border border-line-strong px-2.5 py-0.5 text-xs font-medium text-fg-muted';

export function DemoBadge() {
  return <span className={badgeClasses}>Demo</span>;
}

export function DemoHint() {
  return (
    <p className="mt-2 flex max-w-3xl items-start gap-2 text-sm leading-relaxed text-fg-subtle">
      <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
      <span>
        Made by the site on first start so the players have something to play. Visitors see it as an ordinary sample: replace it with your
        own work by uploading a sample and deleting this one.
      </span>
    </p>
  );
}
