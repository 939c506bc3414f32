import { Eye } from 'lucide-react';
import { useLocation } from 'react-router';
import { PREVIEW_LEAVE_VALUE, PREVIEW_PARAM } from '#common/site-content/drafts.ts';
import { cn } from '#app/lib/cn.ts';

/** Where the owner publishes: the Site tab of the dashboard (each section with a draft offers Publish). */
export const PUBLISH_DRAFTS_HREF = '/manage?tab=site';

const linkClass = cn(
  'inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold underline-offset-4 sm:min-h-9',
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ink focus-visible:ring-offset-2 focus-visible:ring-offset-accent',
);

/** This page with `?preview=off`: the server ends the preview and sends the owner to the page's own address. */
function leaveHref(pathname: string, search: string): string {
  const query = new URLSearchParams(search);
  query.set(PREVIEW_PARAM, PREVIEW_LEAVE_VALUE);
  return `${pathname}?${query.toString()}`;
}

/**
 * Shown only to the signed-in owner on a page rendered with their drafts (decision 076): says so,
 * keeps search engines away, and leads to publishing or back to the published page. Plain links, so
 * it works without JavaScript. The preview lasts while the owner follows links (a session cookie).
 */
export function PreviewBanner() {
  const { pathname, search } = useLocation();
  return (
    <aside aria-label="Preview" className="bg-accent text-ink">
      <meta name="robots" content="noindex, nofollow" />
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2 sm:px-6 lg:px-8">
        <p className="flex items-center gap-2 text-sm font-semibold">
          <Eye aria-hidden className="size-4 shrink-0" />
          You are previewing unpublished changes
        </p>
        <div className="flex flex-wrap gap-2">
          <a href={PUBLISH_DRAFTS_HREF} className={cn(linkClass, 'bg-ink text-accent no-underline hover:bg-ink-deep')}>
            Publish
          </a>
          <a href={leaveHref(pathname, search)} className={cn(linkClass, 'underline hover:bg-accent-strong')}>
            Leave preview
          </a>
        </div>
      </div>
    </aside>
  );
}
