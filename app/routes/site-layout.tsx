import { Outlet } from 'react-router';
import { SiteFooter } from '#app/components/site-footer.tsx';
import { useSite } from '#app/root.tsx';

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
