import { Play } from 'lucide-react';
import { useState, type MouseEvent } from 'react';
import { PROVIDER_FACTS, type EmbedProvider } from '#common/embeds.ts';
import { cn } from '#app/lib/cn.ts';

export interface EmbedFacadeProps {
  provider: EmbedProvider;
  embedUrl: string;
  link: string;
  title: string;
}

/** Bars drawn here, not fetched: the facade costs no request to anyone. */
const BARS = [18, 32, 24, 44, 30, 52, 38, 26, 46, 34, 20, 40, 28, 48, 22, 36, 30, 42, 24, 16];

/**
 * A provider's player behind a click (decision 119): until the visitor presses play the page holds
 * only our own drawing and a link to the provider, so no third party hears of the visit. The press
 * puts the provider's iframe in its place; without JavaScript the link opens the provider's page.
 */
export function EmbedFacade({ provider, embedUrl, link, title }: EmbedFacadeProps) {
  const [playing, setPlaying] = useState(false);
  const facts = PROVIDER_FACTS[provider];
  const label = title || `${facts.name} player`;
  const video = facts.height === 'video';
  const boxHeight = video ? undefined : { height: `${facts.height}px` };

  if (playing) {
    return (
      <iframe
        src={embedUrl}
        title={`${facts.name}: ${label}`}
        className={cn('w-full rounded-2xl border border-line bg-surface', video && 'aspect-video')}
        style={boxHeight}
        allow="autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture"
        referrerPolicy="strict-origin-when-cross-origin"
        data-embed-frame={provider}
      />
    );
  }

  const press = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setPlaying(true);
  };

  return (
    <a
      href={link}
      rel="noopener noreferrer nofollow"
      onClick={press}
      data-embed-facade={provider}
      className={cn(
        'group relative flex w-full flex-col justify-end overflow-hidden rounded-2xl border border-line bg-surface p-6 text-left',
        'hover:border-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
        video ? 'aspect-video' : 'min-h-48',
      )}
      style={typeof facts.height === 'number' ? { height: `${Math.min(facts.height, 240)}px` } : undefined}
    >
      <span aria-hidden="true" className="absolute inset-x-6 top-6 flex items-start justify-between gap-4">
        <svg className="h-16 w-full max-w-md text-accent/40" viewBox="0 0 200 56" preserveAspectRatio="none">
          {BARS.map((height, index) => (
            <rect key={index} x={index * 10 + 2} y={(56 - height) / 2} width="6" height={height} rx="3" fill="currentColor" />
          ))}
        </svg>
        <span className="shrink-0 rounded-full border border-line px-3 py-1 text-xs font-semibold text-fg-muted">{facts.name}</span>
      </span>
      <span className="relative flex items-center gap-4">
        <span className="grid size-14 shrink-0 place-items-center rounded-full bg-accent text-ink group-hover:scale-105">
          <Play aria-hidden="true" className="size-6 translate-x-0.5 fill-current" />
        </span>
        <span className="min-w-0">
          <span className="block truncate text-lg font-semibold text-fg">{label}</span>
          <span className="block text-sm text-fg-muted">
            Play on {facts.name}: loads the {facts.name} player
          </span>
        </span>
      </span>
    </a>
  );
}
