import { Globe } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SocialPlatform } from '#common/site-content/format.ts';

/*
 * Small line drawings of each network's mark, in the stroke style of the site's other icons
 * (lucide no longer ships brand marks). Decorative: the link around them carries the name.
 */
const GLYPHS: Record<Exclude<SocialPlatform, 'website'>, ReactNode> = {
  instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.6" fill="currentColor" />
    </>
  ),
  youtube: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="4" />
      <path d="m10 9 5 3-5 3z" fill="currentColor" />
    </>
  ),
  soundcloud: (
    <>
      <path d="M3 13v4M6 10.5V17M9 9v8" />
      <path d="M12 8.2V17h6.5a3.2 3.2 0 0 0 .3-6.4A5 5 0 0 0 12 8.2z" />
    </>
  ),
  spotify: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M7 9.3c3.4-1 7.4-.7 10.3 1M7.6 12.6c2.8-.8 5.8-.5 8.3.9M8.3 15.8c2.2-.6 4.4-.4 6.2.7" />
    </>
  ),
  tiktok: (
    <>
      <path d="M13 3v11.5a3.5 3.5 0 1 1-3.5-3.5" />
      <path d="M13 3c.4 2.6 2.4 4.6 5 5" />
    </>
  ),
  x: (
    <>
      <path d="M4 4h4.5L20 20h-4.5z" />
      <path d="m19.5 4-6.3 7.1M4.5 20l6.3-7.1" />
    </>
  ),
  facebook: <path d="M14 21v-8h3l.5-3.5H14V7.8c0-1 .4-1.8 1.8-1.8H18V3h-2.8C12.6 3 11 4.6 11 7.3v2.2H8V13h3v8" />,
  bandcamp: <path d="M3 17.5 8.5 6.5H21l-5.5 11z" fill="currentColor" />,
};

export function SocialIcon({ platform, className }: { platform: SocialPlatform; className?: string }) {
  if (platform === 'website') return <Globe aria-hidden="true" className={className} />;
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {GLYPHS[platform]}
    </svg>
  );
}
