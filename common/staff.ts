import { DISPLAY_NAME_MAX_LENGTH, emailSchema, newPasswordSchema, usernameSchema } from './admin-auth.ts';
import { staffRoleSchema, type StaffRole } from './staff-roles.ts';
import { safeText } from './text.ts';
import { z } from './zod.ts';

/** The staff API's shapes and words (issue 43), shared by the staff page, the join page and the API. */

export const STAFF_INVITATION_HOURS = 72;

/** Invited (the link not used yet), active, or suspended (kept, but signs in nowhere). */
export type StaffStatus = 'invited' | 'active' | 'suspended';

export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  status: StaffStatus;
}

export const STAFF_MESSAGES = {
  nameRequired: 'Enter their name',
  emailTaken: 'Someone on the staff already has this e-mail address.',
  notFound: 'No one on the staff has this id.',
  lastOwner: 'The studio needs at least one active owner: make someone else an owner first.',
  notInvited: 'They have already joined: there is no invitation to send again.',
  notJoined: 'They have not joined yet: remove the invitation instead of suspending it.',
  invalidInvitation: 'This invitation is invalid, used or expired. Ask the studio’s owner to send a new one.',
  usernameTaken: 'This username is taken: choose another.',
} as const;

const personName = safeText(z.string({ error: STAFF_MESSAGES.nameRequired }), 'Name')
  .trim()
  .min(1, STAFF_MESSAGES.nameRequired)
  .max(DISPLAY_NAME_MAX_LENGTH, `A name has at most ${DISPLAY_NAME_MAX_LENGTH} characters`);

export const staffInviteSchema = z.object({ email: emailSchema, name: personName, role: staffRoleSchema });
export type StaffInvite = z.infer<typeof staffInviteSchema>;

export const staffChangeSchema = z
  .object({ role: staffRoleSchema.optional(), suspended: z.boolean({ error: 'suspended is true or false' }).optional() })
  .strict()
  .refine((change) => change.role !== undefined || change.suspended !== undefined, { message: 'Change the role, suspended, or both' });
export type StaffChange = z.infer<typeof staffChangeSchema>;

export const staffJoinSchema = z.object({
  token: safeText(z.string({ error: STAFF_MESSAGES.invalidInvitation }), 'Invitation')
    .min(1, STAFF_MESSAGES.invalidInvitation)
    .max(200, STAFF_MESSAGES.invalidInvitation),
  username: usernameSchema,
  password: newPasswordSchema,
});
export type StaffJoin = z.infer<typeof staffJoinSchema>;

/** What the join page shows before the invitee chooses a username and password. */
export interface StaffInvitationView {
  email: string;
  name: string;
  role: StaffRole;
  expiresAt: string;
}
