import { Outlet } from 'react-router';
import { SiteFooter } from '#app/components/site-footer.tsx';
import { useRootData } from '#app/root.tsx';

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
