import { z } from './zod.ts';

/*
 * The studio's notices a team member may get by e-mail (issue 43, decision 121), each on unless they
 * turn it off under their profile. The studio's own address gets every one whatever its people choose.
 */

export const STAFF_NOTICE_KINDS = ['files_received', 'comments', 'decisions', 'payments', 'bookings'] as const;
export type StaffNoticeKind = (typeof STAFF_NOTICE_KINDS)[number];

export const STAFF_NOTICE_LABELS: Record<StaffNoticeKind, { label: string; hint: string }> = {
  files_received: { label: 'Files a client sent', hint: 'On the projects you are assigned to.' },
  comments: { label: 'Comments from clients', hint: 'On the projects you are assigned to.' },
  decisions: { label: 'Approvals and revision requests', hint: 'On the projects you are assigned to.' },
  payments: { label: 'Payments, refunds and disputes', hint: 'On the projects you are assigned to.' },
  bookings: { label: 'Bookings assigned to you', hint: 'When a booking is given to you.' },
};

/** Each kind: whether the person gets it. */
export type StaffNoticeChoices = Record<StaffNoticeKind, boolean>;

export const staffNoticeChoicesSchema = z.strictObject(
  Object.fromEntries(STAFF_NOTICE_KINDS.map((kind) => [kind, z.boolean({ error: 'Choose on or off' }).optional()])) as Record<
    StaffNoticeKind,
    z.ZodOptional<z.ZodBoolean>
  >,
);
