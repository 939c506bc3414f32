import { Tabs } from 'radix-ui';
import { cn } from '#app/lib/cn.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { SiteSection } from '#common/site-content/sections.ts';
import { DashboardChecklist, checklistState } from '#app/features/admin/site/checklist/dashboard-checklist.tsx';
import type { ChecklistTarget } from '#app/features/admin/site/checklist/setup-checklist.ts';
import { useAdminMe } from '#app/features/admin/site/checklist/use-admin-me.ts';
import { SiteArea } from '#app/features/admin/site/site-area.tsx';
import { NewProjectDialog, ProjectsArea } from '#app/features/admin/projects/projects-area.tsx';
import { useProjectsDashboard } from '#app/features/admin/projects/use-projects-dashboard.ts';
import { useSiteContent } from '#app/features/admin/site/use-site-content.ts';
import { StudioTimeZone } from '#app/components/local-date-time.tsx';
import { ContactSubmissionsTab } from '#app/features/admin/contacts/contact-submissions-tab.tsx';
import { useContactSubmissions } from '#app/features/admin/contacts/use-contact-submissions.ts';
import { SampleManagementTab } from '#app/features/admin/samples/sample-management-tab.tsx';
import { useAdminSamples } from '#app/features/admin/samples/use-admin-samples.ts';
import { BookingsArea, bookingViewOf } from '#app/features/admin/bookings/bookings-area.tsx';
import { BookingsSummaryCard } from '#app/features/admin/bookings/bookings-summary-card.tsx';
import { useBookingSummary } from '#app/features/admin/bookings/use-booking-summary.ts';
import { DASHBOARD_TABS_ID, revealDashboardTabs } from './reveal-tabs.ts';
import { StatCards } from './stat-cards.tsx';
import { tabListClasses, tabTriggerClasses } from './tab-styles.ts';

type DashboardTab = 'samples' | 'contacts' | 'projects' | 'bookings' | 'site';
/** The tabs whose choice lives in the page; Projects and Bookings live in the address (/manage/projects..., /manage/bookings...). */
type LocalTab = Exclude<DashboardTab, 'projects' | 'bookings'>;

/** `?tab=site` (the preview banner's Publish) and `?tab=contacts&enquiry=ID` (a booking's enquiry) open those tabs. */
function localTabOf(search: string): LocalTab | null {
  const tab = new URLSearchParams(search).get('tab');
  return tab === 'site' || tab === 'contacts' ? tab : null;
}

/** The account menu is the header's; the checklist only points at it. */
function openAccountMenu() {
  const trigger = document.querySelector<HTMLButtonElement>('button[aria-label^="Account menu"]');
  if (!trigger) return;
  trigger.focus();
  trigger.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0, pointerType: 'mouse' }));
}

/**
 * The body of the signed-in /manage: the setup checklist until it is done, the stat cards, then
 * Sample Management, Contact Submissions, Projects, Bookings and Site (every fact the public pages show).
 * The Projects tab is open exactly when the address is /manage/projects or a project's page, the
 * Bookings tab when it is /manage/bookings...: choosing them navigates there, choosing another tab
 * from there goes back to /manage.
 */
export function DashboardTabs() {
  const contacts = useContactSubmissions();
  const samples = useAdminSamples();
  const site = useSiteContent();
  const admin = useAdminMe();
  const projects = useProjectsDashboard(site.content?.packages ?? null);
  const navigate = useNavigate();
  const location = useLocation();
  const onProjects = location.pathname.startsWith('/manage/projects');
  const onBookings = location.pathname.startsWith('/manage/bookings');
  const inAddressArea = onProjects || onBookings;
  const params = useParams();
  const projectParam = params.id;
  const bookings = useBookingSummary();
  // The preview banner's Publish leads to /manage?tab=site (decision 076).
  const [localTab, setLocalTab] = useState<LocalTab>(() => localTabOf(location.search) ?? 'samples');
  const tab: DashboardTab = onProjects ? 'projects' : onBookings ? 'bookings' : localTab;
  // A link to /manage?tab=... from inside the dashboard (a booking's enquiry) keeps the dashboard mounted: follow it.
  const [seenSearch, setSeenSearch] = useState(location.search);
  if (seenSearch !== location.search) {
    setSeenSearch(location.search);
    const asked = localTabOf(location.search);
    if (asked) setLocalTab(asked);
  }
  const enquiryParam = Number(new URLSearchParams(location.search).get('enquiry')) || null;
  const setTab = useCallback(
    (next: DashboardTab) => {
      if (next === 'projects') return void navigate('/manage/projects');
      if (next === 'bookings') return void navigate('/manage/bookings');
      setLocalTab(next);
      if (inAddressArea) void navigate('/manage');
    },
    [navigate, inAddressArea],
  );
  // Out of an area with addresses by another tab: the root scrolled /manage to the top; the tabs come back into view.
  const wasInAddressArea = useRef(inAddressArea);
  useEffect(() => {
    if (wasInAddressArea.current && !inAddressArea) revealDashboardTabs();
    wasInAddressArea.current = inAddressArea;
  }, [inAddressArea]);
  const [siteRequest, setSiteRequest] = useState<{ section: SiteSection; at: number } | null>(null);
  const [, setSiteDirty] = useState(false);
  const checklist = { site, admin, samples: samples.samples };

  const open = useCallback(
    (target: ChecklistTarget) => {
      if (target.kind === 'account') return openAccountMenu();
      if (target.kind === 'samples') return setTab('samples');
      setTab('site');
      setSiteRequest({ section: target.section, at: Date.now() });
    },
    [setTab],
  );

  return (
    <StudioTimeZone.Provider value={site.content?.studio.hours.timeZone ?? null}>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
        <DashboardChecklist {...checklist} onOpen={open} />
        <StatCards
          submissions={contacts.submissions}
          projects={{ counts: projects.list.list?.counts ?? null, onOpen: projects.openList }}
        />
        <BookingsSummaryCard summary={bookings.summary} studioZone={site.content?.studio.hours.timeZone ?? null} />
        <Tabs.Root value={tab} onValueChange={(value) => setTab(value as DashboardTab)} className="grid grid-cols-[minmax(0,1fr)] gap-6">
          {/* Two rows of two on a phone, so no tab hides off the side. */}
          <Tabs.List
            id={DASHBOARD_TABS_ID}
            aria-label="Dashboard"
            // Clear of the sticky site header when scrolled to.
            className={cn(tabListClasses, 'grid scroll-mt-24 grid-cols-2 sm:inline-flex')}
          >
            <Tabs.Trigger value="samples" className={tabTriggerClasses}>
              Sample Management
            </Tabs.Trigger>
            <Tabs.Trigger value="contacts" className={tabTriggerClasses}>
              Contact Submissions
            </Tabs.Trigger>
            <Tabs.Trigger value="projects" className={tabTriggerClasses}>
              Projects
            </Tabs.Trigger>
            <Tabs.Trigger value="bookings" className={tabTriggerClasses}>
              Bookings
            </Tabs.Trigger>
            {/* The fifth tab has a phone's row to itself. */}
            <Tabs.Trigger value="site" className={cn(tabTriggerClasses, 'max-sm:col-span-2')}>
              Site
            </Tabs.Trigger>
          </Tabs.List>
          {/* Kept mounted while hidden, so an upload in progress survives a look at the inbox. */}
          <Tabs.Content value="samples" forceMount className="focus-visible:outline-none data-[state=inactive]:hidden">
            {/* The panel's heading: the outline goes h1 (page), h2 (panel), h3 (form or item) without a gap. */}
            <h2 className="sr-only">Sample Management</h2>
            <SampleManagementTab state={samples} />
          </Tabs.Content>
          <Tabs.Content value="contacts" className="focus-visible:outline-none">
            <h2 className="sr-only">Contact Submissions</h2>
            <ContactSubmissionsTab state={contacts} onCreateProject={projects.startFromEnquiry} openEnquiry={enquiryParam} />
          </Tabs.Content>
          <Tabs.Content value="projects" className="focus-visible:outline-none">
            <ProjectsArea projects={projects} projectParam={projectParam} />
          </Tabs.Content>
          <Tabs.Content value="bookings" className="focus-visible:outline-none">
            <BookingsArea
              view={bookingViewOf(params.view)}
              studioZone={site.content?.studio.hours.timeZone ?? null}
              onChanged={() => void bookings.reload()}
              onCreateProject={projects.startFromBooking}
            />
          </Tabs.Content>
          {/* Kept mounted too: unsaved edits in a section survive a look at another tab. */}
          <Tabs.Content value="site" forceMount className="focus-visible:outline-none data-[state=inactive]:hidden">
            <SiteArea
              site={site}
              request={siteRequest}
              onDirtyChange={setSiteDirty}
              onShowChecklist={checklistState(checklist).dismissed ? () => void admin.setDismissed(false) : undefined}
            />
          </Tabs.Content>
        </Tabs.Root>
        <NewProjectDialog projects={projects} />
      </div>
    </StudioTimeZone.Provider>
  );
}
