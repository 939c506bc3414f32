import type { ReactNode } from 'react';
import type { AdminProfile } from '#common/admin-auth.ts';
import { AdminHeader } from './admin-header';

/** The signed-in /manage: the header (account menu, Logout) above the dashboard's content. */
export function AdminDashboard({ admin, onLoggedOut, children }: { admin: AdminProfile; onLoggedOut: () => void; children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl px-4 py-8 outline-none sm:px-6 lg:px-8">
      <AdminHeader admin={admin} onLoggedOut={onLoggedOut} />
      <div className="mt-8">{children}</div>
    </main>
  );
}
