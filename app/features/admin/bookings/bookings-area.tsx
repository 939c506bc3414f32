import { Tabs } from 'radix-ui';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { AdminBooking } from '#common/booking/admin.ts';
import { cn } from '#app/lib/cn.ts';
import { revealDashboardTabs } from '#app/features/admin/dashboard/reveal-tabs.ts';
import { tabListClasses, tabTriggerClasses } from '#app/features/admin/dashboard/tab-styles.ts';
import { BookingList } from './booking-list.tsx';
import { BookingSettingsEditor } from './settings/booking-settings.tsx';
import { WeekView } from './week-view.tsx';

export const BOOKING_VIEWS = ['list', 'week', 'settings'] as const;
export type BookingView = (typeof BOOKING_VIEWS)[number];
const LABELS: Record<BookingView, string> = { list: 'List', week: 'Week', settings: 'Settings' };

/** The view an address names: /manage/bookings (the list), /manage/bookings/week, /manage/bookings/settings. */
export function bookingViewOf(param: string | undefined): BookingView {
  return (BOOKING_VIEWS as readonly string[]).includes(param ?? '') ? (param as BookingView) : 'list';
}
export const bookingViewPath = (view: BookingView) => (view === 'list' ? '/manage/bookings' : `/manage/bookings/${view}`);

interface Props {
  view: BookingView;
  /** The studio's zone (the opening hours'); null until the site content is read. */
  studioZone: string | null;
  onChanged: () => void;
  onCreateProject: (booking: AdminBooking) => void;
}

/** The Bookings tab: consultations booked on the site, as a list or a week, and their settings. */
export function BookingsArea({ view, studioZone, onChanged, onCreateProject }: Props) {
  const navigate = useNavigate();
  // Arrived at the area (a card, an e-mail, the tab): it comes into view below the cards. Between its views the page stays put.
  useEffect(() => revealDashboardTabs(), []);

  return (
    <>
      <h2 className="sr-only">Bookings</h2>
      <Tabs.Root
        value={view}
        onValueChange={(next) => void navigate(bookingViewPath(next as BookingView), { preventScrollReset: true })}
        className="grid grid-cols-[minmax(0,1fr)] gap-5"
      >
        <Tabs.List aria-label="Bookings views" className={cn(tabListClasses, 'grid grid-cols-3 sm:inline-flex')}>
          {BOOKING_VIEWS.map((item) => (
            <Tabs.Trigger key={item} value={item} className={tabTriggerClasses}>
              {LABELS[item]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {studioZone === null && view !== 'settings' ? null : (
          <>
            <Tabs.Content value="list" className="focus-visible:outline-none">
              <BookingList studioZone={studioZone ?? 'UTC'} onChanged={onChanged} onCreateProject={onCreateProject} />
            </Tabs.Content>
            <Tabs.Content value="week" className="focus-visible:outline-none">
              <WeekView studioZone={studioZone ?? 'UTC'} onChanged={onChanged} onCreateProject={onCreateProject} />
            </Tabs.Content>
          </>
        )}
        {/* Kept mounted: unsaved settings survive a look at the list or the week. */}
        <Tabs.Content value="settings" forceMount className="focus-visible:outline-none data-[state=inactive]:hidden">
          <BookingSettingsEditor />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
