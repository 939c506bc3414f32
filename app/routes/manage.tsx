import { useRevalidator } from 'react-router';
import type { Route } from './+types/manage.ts';
import { seo } from '#app/components/seo.ts';
import { AdminDashboard } from '#app/features/admin/admin-dashboard.tsx';
import { DashboardTabs } from '#app/features/admin/dashboard/dashboard-tabs.tsx';
import { LoadingAdminPanel } from '#app/features/admin/auth/loading-admin-panel.tsx';
import { LoginScreen } from '#app/features/admin/auth/login-screen.tsx';
import { fromContext } from '#app/lib/server-context.server.ts';
import { SITE_VERSION } from '#app/features/admin/site-version.server.ts';

export const meta: Route.MetaFunction = (args) => seo(args, { title: 'Admin', description: 'Studio admin panel.', noindex: true });

// The session middleware has already resolved the cookie, so the first HTML is the right screen.
export function loader({ context }: Route.LoaderArgs) {
  const { admin } = fromContext(context);
  // The version is for the signed-in owner only (the footer), not for anyone who opens the login page.
  return { admin, version: admin ? SITE_VERSION : null };
}

// No headers() here: the server marks every page it renders per request `private, no-store`
// (server/http/pages.ts); a route's own Cache-Control would be sent as a second copy.

export default function Manage({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  // Logging in or out reloads the page's data (root included, so the Admin link follows) in place,
  // which keeps the toast on screen; meanwhile the session is loading.
  const reload = () => void revalidator.revalidate();
  if (revalidator.state === 'loading') return <LoadingAdminPanel />;
  if (!loaderData.admin) return <LoginScreen onLoggedIn={reload} />;
  return (
    <AdminDashboard admin={loaderData.admin} version={loaderData.version ?? ''} onLoggedOut={reload}>
      <DashboardTabs />
    </AdminDashboard>
  );
}
