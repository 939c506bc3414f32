import { Outlet, useRevalidator } from 'react-router';
import type { Route } from './+types/admin-layout.ts';
import { seo } from '#app/components/seo.ts';
import { AdminDashboard } from '#app/features/admin/admin-dashboard.tsx';
import { LoadingAdminPanel } from '#app/features/admin/auth/loading-admin-panel.tsx';
import { LoginScreen } from '#app/features/admin/auth/login-screen.tsx';
import { TwoFactorRequired } from '#app/features/admin/auth/two-factor-required.tsx';
import { SITE_VERSION } from '#app/features/admin/site-version.server.ts';
import { fromContext } from '#app/lib/server-context.server.ts';
import { PAGE_POLICIES, type PageHandle } from '#common/page-policy.ts';

/**
 * Every address below /manage is the owner's (the reset-password page beside this layout too):
 * rendered per request, never shared. The admin is hydrated by React Router: not below the public layout.
 */
export const handle: PageHandle = { page: PAGE_POLICIES.private };

export const meta: Route.MetaFunction = (args) => seo(args, { title: 'Admin', description: 'Studio admin panel.', noindex: true });

/**
 * The guard of every admin page: the session middleware has already resolved the cookie, so the
 * first HTML is the right screen. A page's own loader answers nothing when signed out.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { admin } = fromContext(context);
  // The version is for the signed-in owner only (the footer), not for anyone who opens the login page.
  return { admin, version: admin ? SITE_VERSION : null };
}

// No headers() here: the policy above marks every admin answer `private, no-store` (server/http/pages.ts);
// a route's own Cache-Control would be sent as a second copy.

/**
 * The admin's shell: the login screen signed out, the two-factor setup alone when the person's role
 * requires it and they have none (decision 117), else the dashboard's header and footer around the page.
 */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  // Logging in or out reloads the page's data (root included, so the Admin link follows) in place,
  // which keeps the toast on screen; meanwhile the session is loading.
  const reload = () => void revalidator.revalidate();
  if (revalidator.state === 'loading') return <LoadingAdminPanel />;
  if (!loaderData.admin) return <LoginScreen onLoggedIn={reload} />;
  if (loaderData.admin.twoFactorSetupRequired) return <TwoFactorRequired onDone={reload} onLoggedOut={reload} />;
  return (
    <AdminDashboard admin={loaderData.admin} version={loaderData.version ?? ''} onLoggedOut={reload}>
      <Outlet />
    </AdminDashboard>
  );
}
