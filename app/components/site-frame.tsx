import type { ReactNode } from 'react';
import { SiteFooter } from '#app/components/site-footer.tsx';
import { useSite } from '#app/lib/root-data.ts';

/** The frame of the site's pages and the client portal: the page's own content, then the footer. */
export function SiteFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <SiteFooter site={useSite()} />
    </>
  );
}
