import type { AdminProfile } from '#common/admin-auth.ts';
import { AccountMenu } from './auth/account-menu.tsx';
import { LogoutButton } from './auth/logout-button.tsx';

/** Title bar of the dashboard: who is signed in, the account menu and Logout. */
export function AdminHeader({
  admin,
  onLoggedOut,
  onProfileChanged,
}: {
  admin: AdminProfile;
  onLoggedOut: () => void;
  onProfileChanged: (admin: AdminProfile) => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4 border-b border-line pb-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">Admin Dashboard</h1>
        <p className="mt-1 text-sm text-fg-muted">Manage samples, contact submissions and client projects.</p>
      </div>
      <div className="flex items-center gap-2">
        <AccountMenu admin={admin} onProfileChanged={onProfileChanged} />
        <LogoutButton onLoggedOut={onLoggedOut} />
      </div>
    </div>
  );
}
