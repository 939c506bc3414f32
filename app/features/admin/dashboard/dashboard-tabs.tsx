import { Tabs } from 'radix-ui';
import { cn } from '#app/lib/cn.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { SiteSection } from '#common/site-content/sections.ts';
import { DashboardChecklist } from '#app/features/admin/site/checklist/dashboard-checklist.tsx';
import type { ChecklistTarget } from '#app/features/admin/site/checklist/setup-checklist.ts';
import { useAdminMe } from '#app/features/admin/site/checklist/use-admin-me.ts';
import { NewProjectDialog } from '#app/features/admin/projects/projects-area.tsx';
import { useProjectsDashboard } from '#app/features/admin/projects/use-projects-dashboard.ts';
import { useSiteContent } from '#app/features/admin/site/use-site-content.ts';
import { StudioTimeZone } from '#app/components/local-date-time.tsx';
import { useContactSubmissions } from '#app/features/admin/contacts/use-contact-submissions.ts';
import { useAdminSamples } from '#app/features/admin/samples/use-admin-samples.ts';
import { BookingsSummaryCard } from '#app/features/admin/bookings/bookings-summary-card.tsx';
import { useBookingSummary } from '#app/features/admin/bookings/use-booking-summary.ts';
import { AreaRefused } from '#app/features/admin/staff/area-refused.tsx';
import { useStaffRole } from '#app/features/admin/staff/staff-role.tsx';
import { roleMay } from '#common/staff-roles.ts';
import { ADMIN_AREAS, areaOfPath, pageAreaOf, type AdminAreaContext, type AdminAreaKey } from './admin-areas.tsx';
import { DASHBOARD_TABS_ID, revealDashboardTabs } from './reveal-tabs.ts';
import { BusinessSummaryCard } from './business-summary-card.tsx';
import { StatCards } from './stat-cards.tsx';
import { tabListClasses, tabTriggerClasses } from './tab-styles.ts';

/** The account menu is the header's; the checklist only points at it. */
function openAccountMenu() {
  const trigger = document.querySelector<HTMLButtonElement>('button[aria-label^="Account menu"]');
  if (!trigger) return;
  trigger.focus();
  trigger.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0, pointerType: 'mouse' }));
}

/**
 * The body of the signed-in /manage: the setup checklist until it is done, the stat cards, the
 * bookings card, then one tab per admin area (admin-areas.tsx, in that order). An area with an
 * address (/manage/projects, a project's page, /manage/bookings/...) is open exactly when the address
 * is its own: choosing it navigates there, and choosing another tab from there goes back to /manage.
 */
export function DashboardTabs() {
  const contacts = useContactSubmissions();
  const samples = useAdminSamples();
  const site = useSiteContent();
  const admin = useAdminMe();
  const projects = useProjectsDashboard(site.content?.packages ?? null);
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();
  const addressArea = areaOfPath(location.pathname);
  const inAddressArea = addressArea !== null;
  const bookings = useBookingSummary();
  // Only the areas this role may open get a tab (and mount); the server refuses the rest anyway.
  const role = useStaffRole();
  const areas = ADMIN_AREAS.filter((area) => roleMay(role ?? undefined, area.capability));
  // The preview banner's Publish leads to /manage?tab=site (decision 076).
  const [localTab, setLocalTab] = useState<AdminAreaKey>(() => pageAreaOf(location.search) ?? 'samples');
  const tab = (addressArea?.key as AdminAreaKey | undefined) ?? localTab;
  const refused = ADMIN_AREAS.find((area) => area.key === tab && !roleMay(role ?? undefined, area.capability));
  // A link to /manage?tab=... from inside the dashboard (a booking's enquiry) keeps the dashboard mounted: follow it.
  const [seenSearch, setSeenSearch] = useState(location.search);
  if (seenSearch !== location.search) {
    setSeenSearch(location.search);
    const asked = pageAreaOf(location.search);
    if (asked) setLocalTab(asked);
  }
  const enquiryParam = Number(new URLSearchParams(location.search).get('enquiry')) || null;
  const setTab = useCallback(
    (next: AdminAreaKey) => {
      const area = ADMIN_AREAS.find((candidate) => candidate.key === next);
      if (area && 'path' in area) return void navigate(area.path);
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
  const context: AdminAreaContext = {
    site,
    admin,
    samples,
    contacts,
    projects,
    bookings,
    params,
    enquiryParam,
    siteRequest,
    onSiteDirtyChange: setSiteDirty,
  };

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
        {/* The first-run checklist points at the site's sections: for those who edit them. */}
        {roleMay(role ?? undefined, 'site') ? <DashboardChecklist {...checklist} onOpen={open} /> : null}
        <StatCards
          submissions={contacts.submissions}
          projects={{ counts: projects.list.list?.counts ?? null, onOpen: projects.openList }}
        />
        <BusinessSummaryCard role={role} />
        <BookingsSummaryCard summary={bookings.summary} studioZone={site.content?.studio.hours.timeZone ?? null} />
        <Tabs.Root value={tab} onValueChange={(value) => setTab(value as AdminAreaKey)} className="grid grid-cols-[minmax(0,1fr)] gap-6">
          {/* Two rows of two on a phone, so no tab hides off the side. */}
          <Tabs.List
            id={DASHBOARD_TABS_ID}
            aria-label="Dashboard"
            // Clear of the sticky site header when scrolled to.
            className={cn(tabListClasses, 'grid scroll-mt-24 grid-cols-2 sm:inline-flex')}
          >
            {areas.map((area) => (
              <Tabs.Trigger key={area.key} value={area.key} className={tabTriggerClasses}>
                {area.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {refused ? <AreaRefused label={refused.label} capability={refused.capability} role={role} /> : null}
          {areas.map((area) => (
            <Tabs.Content
              key={area.key}
              value={area.key}
              forceMount={'keepMounted' in area ? true : undefined}
              className={cn('focus-visible:outline-none', 'keepMounted' in area && 'data-[state=inactive]:hidden')}
            >
              {/* The panel's heading: the outline goes h1 (page), h2 (panel), h3 (form or item) without a gap. */}
              {'ownHeading' in area ? null : <h2 className="sr-only">{area.label}</h2>}
              {area.panel(context)}
            </Tabs.Content>
          ))}
        </Tabs.Root>
        <NewProjectDialog projects={projects} />
      </div>
    </StudioTimeZone.Provider>
  );
}
