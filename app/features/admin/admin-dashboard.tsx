import { useState, type ReactNode } from 'react';
import type { AdminProfile } from '#common/admin-auth.ts';
import { api } from '#app/lib/api.ts';
import { sessionResumed, useSessionEndedHandler } from '#app/lib/session-ended.ts';
import { AdminHeader } from './admin-header.tsx';
import { SessionEndedDialog } from './session-ended-dialog.tsx';
import { StaffRoleContext } from './staff/staff-role.tsx';

/**
 * The signed-in /manage: the header (account menu, Logout) above the dashboard's content. When the
 * session ends, the login dialog opens over it; the dashboard stays as it was and its waiting
 * requests go out once the owner has logged in again (possibly as another admin: the header follows).
 * A saved profile replaces the admin shown, without reloading the page.
 */
export function AdminDashboard({
  admin,
  version,
  onLoggedOut,
  children,
}: {
  admin: AdminProfile;
  /** The running site's version, in the footer: what the owner reads out when asking for help. */
  version: string;
  onLoggedOut: () => void;
  children: ReactNode;
}) {
  const sessionEnded = useSessionEndedHandler();
  // Newer than the loader's admin once the owner logged in again or saved their profile.
  const [current, setCurrent] = useState<AdminProfile | null>(null);

  async function loggedInAgain() {
    sessionResumed();
    const me = await api<AdminProfile>('GET', '/api/admin/me');
    if (me.ok) setCurrent(me.data);
  }

  const shown = current ?? admin;
  return (
    <StaffRoleContext.Provider value={shown.role}>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl px-4 py-8 outline-none sm:px-6 lg:px-8">
        <AdminHeader admin={shown} onLoggedOut={onLoggedOut} onProfileChanged={setCurrent} />
        <div className="mt-8">{children}</div>
        <footer className="mt-12 border-t border-line pt-4 text-sm text-fg-muted">Studio site {version}</footer>
        <SessionEndedDialog open={sessionEnded} onLoggedIn={() => void loggedInAgain()} />
      </main>
    </StaffRoleContext.Provider>
  );
}
