import { addCalendarDays } from '#common/calendar-date.ts';
import { rangeSteps, type BusinessFigures, type InsightQuery } from '#common/insights.ts';
import type { BillingCapability } from '#server/billing/billing-capability.ts';
import type { BookingCapability } from '#server/booking/booking-capability.ts';
import type { ProjectsCapability } from '#server/projects/projects-capability.ts';

/*
 * The studio's side of the insights dashboard (issue 45): money over the range (invoiced, paid,
 * outstanding), consultations per week with the share of no-shows, and projects by status. Each
 * number comes from its own capability's read; this flow only lays them on one calendar.
 */

export type BusinessFigureParts = {
  billing: { desk: Pick<BillingCapability['desk'], 'moneyOverTime'> };
  booking: { studioBookings: Pick<BookingCapability['studioBookings'], 'countsByDate'> };
  projects: { records: Pick<ProjectsCapability['records'], 'countsByStatus'> };
};

export async function businessFigures(parts: BusinessFigureParts, query: InsightQuery, now = new Date()): Promise<BusinessFigures> {
  const weeks = rangeSteps({ ...query, interval: 'week' });
  const [money, bookingCounts, projects] = await Promise.all([
    parts.billing.desk.moneyOverTime(rangeSteps(query)),
    parts.booking.studioBookings.countsByDate(weeks[0]!.start, addCalendarDays(weeks.at(-1)!.start, 6)),
    parts.projects.records.countsByStatus(),
  ]);
  const bookings = weeks.map(({ start }) => ({ start, confirmed: 0, noShows: 0, cancelled: 0 }));
  const today = now.toISOString().slice(0, 10);
  let happened = 0;
  let noShows = 0;
  for (const row of bookingCounts) {
    const week = bookings.findLast((entry) => entry.start <= row.date);
    if (!week) continue;
    if (row.status === 'no_show') week.noShows += row.count;
    else if (row.status === 'cancelled') week.cancelled += row.count;
    else week.confirmed += row.count;
    if (row.date < query.from || row.date > query.to) continue;
    if (row.status === 'no_show') noShows += row.count;
    if (row.status === 'no_show' || (row.status === 'confirmed' && row.date < today)) happened += row.count;
  }
  return {
    currency: money.currency,
    money: money.points,
    bookings,
    noShowRate: happened === 0 ? null : noShows / happened,
    projects,
  };
}
