import type { ReactNode } from 'react';
import type { AdminProfile } from '#common/admin-auth.ts';
import { AdminHeader } from './admin-header';

/**
 * The signed-in /manage. The header (account menu, Logout) is final; the stat cards and the sample
 * and contact tabs of the dashboard issue go in `children`.
 */
export function AdminDashboard({ admin, onLoggedOut, children }: { admin: AdminProfile; onLoggedOut: () => void; children?: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl px-4 py-8 outline-none sm:px-6 lg:px-8">
      <AdminHeader admin={admin} onLoggedOut={onLoggedOut} />
      <div className="mt-8">{children ?? <SignedInSummary admin={admin} />}</div>
    </main>
  );
}

function SignedInSummary({ admin }: { admin: AdminProfile }) {
  return (
    <section aria-labelledby="account-heading" className="max-w-xl rounded-2xl border border-line bg-surface p-6">
      <h2 id="account-heading" className="text-lg font-semibold text-fg">
        Your account
      </h2>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-fg-subtle">Username</dt>
        <dd className="text-fg">{admin.username}</dd>
        <dt className="text-fg-subtle">Email</dt>
        <dd className="break-all text-fg">{admin.email}</dd>
      </dl>
      <p className="mt-4 text-sm text-fg-muted">Use the account menu above to change your password.</p>
    </section>
  );
}
