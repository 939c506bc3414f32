import { z } from './zod.ts';

/*
 * Who on the studio's staff may do what (issue 43, decision 107): the one table the server enforces
 * on every admin route (server/http/admin-routes.ts names each route's capability) and the admin
 * reads to hide what a role cannot do. The role is read with the session on every request, so a
 * change counts from the next request on.
 *
 * A new area is one entry here (its roles and the words of a refusal) and its routes' entries in
 * server/http/admin-routes.ts (proposals below are an example: an area, and one action within it
 * that more roles may take).
 */

export const STAFF_ROLES = ['owner', 'engineer', 'assistant'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const staffRoleSchema = z.enum(STAFF_ROLES, { error: 'Choose a role: owner, engineer or assistant' });

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { owner: 'Owner', engineer: 'Engineer', assistant: 'Assistant' };

/** What each role is for, as the staff page explains it. */
export const STAFF_ROLE_SUMMARIES: Record<StaffRole, string> = {
  owner: 'Everything: the staff, billing settings, the site and backups.',
  engineer:
    'The projects assigned to them, the inbox, bookings and samples. ' +
    'No money beyond a project’s payment status, no site editing, no staff.',
  assistant: 'The inbox, bookings, invoices and the site’s text. No deleting audio, no staff, no billing settings.',
};

const STAFF: readonly StaffRole[] = STAFF_ROLES;

interface Capability {
  roles: readonly StaffRole[];
  /** The reason a refusal gives (403). */
  refused: string;
}

export const STAFF_CAPABILITIES = {
  /** Their own profile, password, two-factor and the dashboard's checklist. */
  account: { roles: STAFF, refused: '' },
  /** The inbox: read, reply, mark, file as spam. */
  inbox: { roles: STAFF, refused: '' },
  /** The automatic reply a visitor gets: text the studio sends in its name. */
  'inbox.settings': { roles: ['owner', 'assistant'], refused: 'Only the owner and the front desk change the automatic reply.' },
  bookings: { roles: STAFF, refused: '' },
  /** Hours, booking types, the busy-time feeds and the calendar subscription. */
  /** Giving a booking to a team member (engineers see who has theirs). */
  'bookings.assign': { roles: ['owner', 'assistant'], refused: 'Only the owner and the front desk assign bookings.' },
  'bookings.settings': { roles: ['owner', 'assistant'], refused: 'Only the owner and the front desk change the booking settings.' },
  /** Projects: files, versions, review, deliveries, the client's messages. */
  projects: { roles: STAFF, refused: '' },
  /** Every project, not only those assigned to them (an engineer sees theirs: server/api/engineer-project-scope.ts). */
  'projects.all': { roles: ['owner', 'assistant'], refused: 'You see the projects assigned to you.' },
  /** Choosing who works on a project. */
  'projects.assign': { roles: ['owner', 'assistant'], refused: 'Only the owner and the front desk assign engineers.' },
  /** Deleting a client's file or a version's audio. */
  'projects.delete-audio': { roles: ['owner', 'engineer'], refused: 'Your role cannot delete audio.' },
  /** A project's invoices and payment plan (its payment status shows in the project itself). */
  'projects.money': { roles: ['owner', 'assistant'], refused: 'Your role sees a project’s payment status, not its invoices.' },
  samples: { roles: STAFF, refused: '' },
  /** Trashing a sample, or deleting it from the trash for good. */
  'samples.delete': { roles: ['owner', 'engineer'], refused: 'Your role cannot delete audio.' },
  /** Invoices, payments, refunds and their export. */
  money: { roles: ['owner', 'assistant'], refused: 'Your role cannot open Money.' },
  /** Reading the site's content (every page of the admin shows the studio's name, hours and packages). */
  'site.read': { roles: STAFF, refused: '' },
  /** Editing and publishing the site's text and images. */
  site: { roles: ['owner', 'assistant'], refused: 'Your role cannot edit the site.' },
  /** The site's billing section (tax, payment terms, payment methods). */
  'billing.settings': { roles: ['owner'], refused: 'Only the owner changes the billing settings.' },
  insights: { roles: ['owner', 'assistant'], refused: 'Your role cannot open Insights.' },
  'insights.settings': { roles: ['owner'], refused: 'Only the owner changes what is counted.' },
  /** Proposals and their templates: priced, sent, withdrawn (money, so not the engineers'). */
  proposals: { roles: ['owner', 'assistant'], refused: 'Only the owner and the front desk work on proposals.' },
  /** Starting a proposal (a draft) from an enquiry or a booking: the engineers may, the front desk prices and sends it. */
  'proposals.create': { roles: STAFF, refused: '' },
  /** Files on their way in (samples, a project's versions and deliveries). */
  uploads: { roles: STAFF, refused: '' },
  staff: { roles: ['owner'], refused: 'Only the owner manages the staff.' },
  /** The audit log: everyone reads their own entries (decision 116). */
  audit: { roles: STAFF, refused: '' },
  /** Everyone's entries in the audit log, not only one's own. */
  'audit.everyone': { roles: ['owner'], refused: 'You see your own entries in the audit log.' },
} as const satisfies Record<string, Capability>;

export type StaffCapability = keyof typeof STAFF_CAPABILITIES;

/** Whether this role may use this capability. An unknown role (a row edited by hand) may do nothing. */
export function roleMay(role: string | undefined, capability: StaffCapability): boolean {
  return (STAFF_CAPABILITIES[capability].roles as readonly string[]).includes(role ?? '');
}

/** The reason given when a role is refused a capability. */
export const refusalOf = (capability: StaffCapability): string => STAFF_CAPABILITIES[capability].refused || 'Your role cannot do this.';
