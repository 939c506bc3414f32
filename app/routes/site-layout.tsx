import { Outlet } from 'react-router';
import { SiteFrame } from '#app/components/site-frame.tsx';
import type { PageHandle } from '#common/page-policy.ts';

/** Public pages load only their islands' code, never the router's (decision 059). */
export const handle: PageHandle = { islands: true };

/** The public site (app/routes.ts): the page content followed by the footer, one shared copy per content version. */
export default function SiteLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}
