import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import type { StaffMember, StaffStatus } from '#common/staff.ts';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '#common/staff-roles.ts';
import { Button } from '#app/components/ui/button.tsx';
import { ConfirmDeleteDialog } from '#app/components/ui/confirm-delete-dialog.tsx';
import { inputClasses } from '#app/components/ui/form-field.tsx';
import { cn } from '#app/lib/cn.ts';
import { SessionsDialog } from '#app/features/admin/sessions/sessions-dialog.tsx';
import { InviteForm } from './invite-form.tsx';
import { RequiredTwoFactorSettings } from './required-two-factor.tsx';
import { useStaff, type StaffState } from './use-staff.ts';

const STATUS_LABELS: Record<StaffStatus, string> = { invited: 'Invited', active: 'Active', suspended: 'Suspended' };
const STATUS_CLASSES: Record<StaffStatus, string> = {
  invited: 'border-accent/40 text-accent',
  active: 'border-emerald-400/40 text-emerald-300',
  suspended: 'border-line-strong text-fg-muted',
};

function Person({ member, state }: { member: StaffMember; state: StaffState }) {
  const roleId = `staff-role-${member.id}`;
  const [sessionsOpen, setSessionsOpen] = useState(false);
  return (
    <li className="grid gap-3 rounded-xl border border-line bg-surface p-4 md:grid-cols-[minmax(0,1fr)_12rem_auto] md:items-center">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-fg">
          <span className="truncate">{member.name}</span>
          <span className={cn('rounded-full border px-2 py-0.5 text-xs font-medium', STATUS_CLASSES[member.status])}>
            {STATUS_LABELS[member.status]}
          </span>
        </p>
        <p className="truncate text-sm text-fg-muted">{member.email}</p>
      </div>
      <div>
        <label htmlFor={roleId} className="sr-only">
          Role of {member.name}
        </label>
        <select
          id={roleId}
          className={cn(inputClasses, 'py-2')}
          value={member.role}
          onChange={(event) => void state.change(member, { role: event.currentTarget.value as StaffRole })}
        >
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {STAFF_ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-wrap gap-2 md:justify-end">
        {member.status === 'invited' ? null : (
          <Button variant="secondary" size="sm" onClick={() => setSessionsOpen(true)} aria-label={`Sessions of ${member.name}`}>
            Sessions
          </Button>
        )}
        {member.status === 'invited' ? (
          <Button variant="secondary" size="sm" onClick={() => void state.resend(member)} aria-label={`Send again to ${member.name}`}>
            Send again
          </Button>
        ) : (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void state.change(member, { suspended: member.status === 'active' })}
            aria-label={`${member.status === 'active' ? 'Suspend' : 'Reactivate'} ${member.name}`}
          >
            {member.status === 'active' ? 'Suspend' : 'Reactivate'}
          </Button>
        )}
        <ConfirmDeleteDialog
          trigger="Remove"
          triggerLabel={`Remove ${member.name}`}
          title={`Remove ${member.name}?`}
          description="They are signed out at once and can no longer sign in. What they made stays, credited to them."
          confirmLabel="Remove"
          pendingLabel="Removing..."
          onDelete={() => state.remove(member)}
        />
      </div>
      <SessionsDialog open={sessionsOpen} onOpenChange={setSessionsOpen} person={member} />
    </li>
  );
}

/** /manage/staff (the owner's): who works in the admin, in which role, and the invitations that wait. */
export function StaffArea() {
  const state = useStaff();
  return (
    <section aria-labelledby="staff-heading" className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div>
        <h2 id="staff-heading" className="text-2xl font-bold text-fg">
          Staff
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          Everyone who signs in to this admin. A role change counts from their next click; suspending or removing someone signs them out at
          once.
        </p>
      </div>
      <InviteForm invite={state.invite} />
      <RequiredTwoFactorSettings />
      {state.error ? (
        <p role="alert" className="font-medium text-red-400">
          {state.error}
        </p>
      ) : state.staff === null ? (
        <p role="status" className="flex items-center gap-2 text-fg-muted">
          <Loader2 aria-hidden className="size-4 animate-spin" /> Loading the staff...
        </p>
      ) : (
        <ul aria-label="The staff" className="grid gap-3">
          {state.staff.map((member) => (
            <Person key={member.id} member={member} state={state} />
          ))}
        </ul>
      )}
    </section>
  );
}
