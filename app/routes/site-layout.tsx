import { Outlet } from 'react-router';
import { SiteFooter } from '~/components/site-footer';
import { useRootData } from '~/root';

/** Public pages: the page content followed by the footer. */
export default function SiteLayout() {
  const { studioEmail } = useRootData();
  return (
    <>
      <main id="main" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <SiteFooter studioEmail={studioEmail} />
    </>
  );
}
