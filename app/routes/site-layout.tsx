import { Outlet } from 'react-router';
import { SiteFooter } from '#app/components/site-footer.tsx';
import { useSite, type PageHandle } from '#app/root.tsx';

/** Public pages load only their islands' code, never the router's (decision 059); the portal below opts out. */
export const handle: PageHandle = { islands: true };

/** Public pages: the page content followed by the footer. */
export default function SiteLayout() {
  return (
    <>
      <main id="main" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <SiteFooter site={useSite()} />
    </>
  );
}
