import { ShieldX } from 'lucide-react';
import { refusalOf, STAFF_ROLE_LABELS, type StaffCapability, type StaffRole } from '#common/staff-roles.ts';

/** An admin page the signed-in role may not open (a link, a bookmark): it says so, never a blank page. */
export function AreaRefused({ label, capability, role }: { label: string; capability: StaffCapability; role: StaffRole | null }) {
  return (
    <section aria-labelledby="area-refused-heading" className="grid gap-3 rounded-xl border border-line bg-surface p-6">
      <h2 id="area-refused-heading" className="flex items-center gap-2 text-xl font-bold text-fg">
        <ShieldX aria-hidden className="size-5 text-fg-muted" /> {label} is not open to you
      </h2>
      <p className="text-fg-muted">
        {refusalOf(capability)} You are signed in as {role ? STAFF_ROLE_LABELS[role].toLowerCase() : 'staff'}; ask the studio’s owner if you
        need it.
      </p>
    </section>
  );
}
