import type { ReactNode } from 'react';
import type { StaffCapability } from '#common/staff-roles.ts';
import type { SiteSection } from '#common/site-content/sections.ts';
import { checklistState } from '#app/features/admin/site/checklist/dashboard-checklist.tsx';
import type { useAdminMe } from '#app/features/admin/site/checklist/use-admin-me.ts';
import { SiteArea } from '#app/features/admin/site/site-area.tsx';
import { ProjectsArea } from '#app/features/admin/projects/projects-area.tsx';
import type { useProjectsDashboard } from '#app/features/admin/projects/use-projects-dashboard.ts';
import { MoneyArea } from '#app/features/admin/billing/money-area.tsx';
import { InsightsArea } from '#app/features/admin/insights/insights-area.tsx';
import { ProposalsArea } from '#app/features/admin/proposals/proposals-area.tsx';
import type { useSiteContent } from '#app/features/admin/site/use-site-content.ts';
import { ContactSubmissionsTab } from '#app/features/admin/contacts/contact-submissions-tab.tsx';
import type { useContactSubmissions } from '#app/features/admin/contacts/use-contact-submissions.ts';
import { SampleManagementTab } from '#app/features/admin/samples/sample-management-tab.tsx';
import type { useAdminSamples } from '#app/features/admin/samples/use-admin-samples.ts';
import { BookingsArea, bookingViewOf } from '#app/features/admin/bookings/bookings-area.tsx';
import { StaffArea } from '#app/features/admin/staff/staff-area.tsx';
import { AuditArea } from '#app/features/admin/audit/audit-area.tsx';
import type { useBookingSummary } from '#app/features/admin/bookings/use-booking-summary.ts';

/** What the dashboard holds for every area: the state several areas share, and the address's parameters. */
export interface AdminAreaContext {
  site: ReturnType<typeof useSiteContent>;
  admin: ReturnType<typeof useAdminMe>;
  samples: ReturnType<typeof useAdminSamples>;
  contacts: ReturnType<typeof useContactSubmissions>;
  projects: ReturnType<typeof useProjectsDashboard>;
  bookings: ReturnType<typeof useBookingSummary>;
  params: Readonly<Record<string, string | undefined>>;
  /** `?enquiry=ID`: the enquiry a booking links to, opened in the inbox. */
  enquiryParam: number | null;
  /** The section the setup checklist asked the Site area to open. */
  siteRequest: { section: SiteSection; at: number } | null;
  onSiteDirtyChange: (dirty: boolean) => void;
}

export interface AdminArea {
  key: string;
  label: string;
  /** What opening it takes (common/staff-roles.ts): a role without it sees no tab, and at its address a refusal. */
  capability: StaffCapability;
  /** Its own address under /manage (app/routes.ts): choosing the tab goes there. Without one, the tab is chosen in the page. */
  path?: string;
  /** Kept mounted while hidden: an upload in progress, or unsaved edits, survive a look at another tab. */
  keepMounted?: boolean;
  /** The panel says its own heading (the areas with addresses have visible ones); the others get a hidden h2. */
  ownHeading?: boolean;
  panel: (context: AdminAreaContext) => ReactNode;
}

/**
 * The owner's areas, in the order of the dashboard's tabs: the one list a new admin area joins
 * (with its route in app/routes.ts when it has an address). The dashboard itself knows none of them.
 */
export const ADMIN_AREAS = [
  {
    key: 'samples',
    capability: 'samples',
    label: 'Sample Management',
    keepMounted: true,
    panel: ({ samples }) => <SampleManagementTab state={samples} />,
  },
  {
    key: 'contacts',
    capability: 'inbox',
    label: 'Contact Submissions',
    panel: ({ contacts, projects, enquiryParam }) => (
      <ContactSubmissionsTab state={contacts} onCreateProject={projects.startFromEnquiry} openEnquiry={enquiryParam} />
    ),
  },
  {
    key: 'projects',
    capability: 'projects',
    label: 'Projects',
    path: '/manage/projects',
    ownHeading: true,
    panel: ({ projects, params }) => <ProjectsArea projects={projects} projectParam={params.id} />,
  },
  {
    key: 'bookings',
    capability: 'bookings',
    label: 'Bookings',
    path: '/manage/bookings',
    ownHeading: true,
    panel: ({ site, params, bookings, projects }) => (
      <BookingsArea
        view={bookingViewOf(params.view)}
        studioZone={site.content?.studio.hours.timeZone ?? null}
        onChanged={() => void bookings.reload()}
        onCreateProject={projects.startFromBooking}
      />
    ),
  },
  {
    key: 'proposals',
    label: 'Proposals',
    path: '/manage/proposals',
    capability: 'proposals',
    ownHeading: true,
    panel: ({ site, params }) => (
      <ProposalsArea
        proposalParam={params.id}
        packages={site.content?.packages.packages.map((pkg) => ({ key: pkg.key, name: pkg.name, price: pkg.price })) ?? []}
        currency={site.content?.billing.currency ?? 'USD'}
        defaultDepositPercent={site.content?.billing.depositPercent ?? 50}
      />
    ),
  },
  {
    key: 'money',
    capability: 'money',
    label: 'Money',
    path: '/manage/money',
    ownHeading: true,
    panel: () => <MoneyArea />,
  },
  {
    key: 'insights',
    capability: 'insights',
    label: 'Insights',
    path: '/manage/insights',
    ownHeading: true,
    panel: ({ samples }) => (
      <InsightsArea sampleTitle={(id) => samples.samples?.find((sample) => String(sample.id) === id)?.title ?? `Sample ${id} (deleted)`} />
    ),
  },
  {
    key: 'site',
    capability: 'site',
    label: 'Site',
    keepMounted: true,
    ownHeading: true,
    panel: ({ site, admin, samples, siteRequest, onSiteDirtyChange }) => (
      <SiteArea
        site={site}
        request={siteRequest}
        onDirtyChange={onSiteDirtyChange}
        onShowChecklist={
          checklistState({ site, admin, samples: samples.samples }).dismissed ? () => void admin.setDismissed(false) : undefined
        }
      />
    ),
  },
  {
    key: 'staff',
    capability: 'staff',
    label: 'Staff',
    path: '/manage/staff',
    ownHeading: true,
    panel: () => <StaffArea />,
  },
  {
    key: 'audit',
    capability: 'audit',
    label: 'Audit log',
    path: '/manage/audit',
    ownHeading: true,
    panel: () => <AuditArea />,
  },
] as const satisfies readonly AdminArea[];

export type AdminAreaKey = (typeof ADMIN_AREAS)[number]['key'];

/** The area whose address this is (a project's page is the Projects area's), or null for /manage itself. */
export function areaOfPath(pathname: string): AdminArea | null {
  return (ADMIN_AREAS as readonly AdminArea[]).find((area) => area.path && pathname.startsWith(area.path)) ?? null;
}

/** `?tab=site` (the preview banner's Publish) and `?tab=contacts&enquiry=ID` (a booking's enquiry) open an area chosen in the page. */
export function pageAreaOf(search: string): AdminAreaKey | null {
  const asked = new URLSearchParams(search).get('tab');
  const area = (ADMIN_AREAS as readonly AdminArea[]).find((candidate) => candidate.key === asked && !candidate.path);
  return area ? (area.key as AdminAreaKey) : null;
}
