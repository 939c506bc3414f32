import type { StaffInvitationView } from '#common/staff.ts';
import { staffInvitationView } from '#server/auth/staff-invitations.ts';
import type { Services } from '#server/context.ts';

/** The invitation behind a join link, as the join page shows it; null for a link that is unknown, used or expired. */
export function joinInvitation(services: Pick<Services, 'db'>, token: string): Promise<StaffInvitationView | null> {
  return staffInvitationView(services.db, token);
}
