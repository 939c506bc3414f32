import type { CoreServices, MailingServices } from '#server/core-services.ts';
import { MailSender } from '#server/email/mail-sender.ts';
import { nextDueAt } from '#server/email/retried-mail.ts';
import { readSlotInputs, type BookingContext } from './booking-context.ts';
import type { StudioFacts } from './studio-facts.ts';
import { sendDueBookingEmails, type BookingTeam } from './booking-emails.ts';
import { busyBetween, feedState } from './calendar-feed.ts';
import { DEFAULT_EXPANSION_LIMITS } from './feed-expansion.ts';
import { SlotCache } from './slot-cache.ts';
import { SlotInputs } from './slot-inputs.ts';
import { StudioBookings } from './studio-bookings.ts';
import { StudioSettings } from './studio-settings.ts';
import { VisitorBookings } from './visitor-bookings.ts';

/** How often the owner's calendar feed is fetched again (Google's own feeds change about this often). */
export const FEED_REFRESH_MS = 15 * 60_000;

/** The free consultation, built once per process by server/services.ts. */
export interface BookingCapability {
  visitorBookings: VisitorBookings;
  studioBookings: StudioBookings;
  /** The owner's booking settings, the busy-time feed and the private subscription (studio-settings.ts). */
  studioSettings: StudioSettings;
  bookingEmails: MailSender;
  /** The time zone the address last booked in, or null: billing words a client's reminders in it (decision 104). */
  visitorZoneOf(email: string): Promise<string | null>;
}

export function createBookingCapability(
  parts: MailingServices &
    Pick<CoreServices, 'invalidation'> & {
      publicUrl: string;
      studio: () => Promise<StudioFacts>;
      now?: () => number;
      /** Who has a booking, by name, and where their notices go (auth answers: decision 121). */
      team?: BookingTeam;
    },
): BookingCapability {
  const { db, logger, config, publicUrl } = parts;
  const bookingEmails = new MailSender({
    sendDue: (now) => sendDueBookingEmails({ ...parts, publicUrl }, now),
    nextDueAt: () => nextDueAt(db, 'bookingEmails'),
    logger,
    label: 'booking e-mails',
  });
  const { invalidation } = parts;
  const slotInputs = new SlotInputs(
    () => readSlotInputs(context),
    () => invalidation.listening,
  );
  // Any instance's change (and any that may have gone unheard) makes the next slot list read afresh.
  invalidation.subscribe(() => slotInputs.changed());
  const context: BookingContext = {
    db,
    logger,
    secret: config.SESSION_SECRET,
    publicUrl,
    perAddressLimit: config.CONTACT_RATE_LIMIT,
    studio: parts.studio,
    busy: (from, to) => busyBetween(db, from, to),
    slotCache: new SlotCache(),
    slotInputs,
    announceChange: () => invalidation.publish(),
    feedLimits: { ...DEFAULT_EXPANSION_LIMITS, timeoutMs: config.BOOKING_FEED_READ_SECONDS * 1000 },
    emailsQueued: () => bookingEmails.sendSoon(),
    now: parts.now ?? Date.now,
  };
  return {
    visitorBookings: new VisitorBookings(context, { holdsPerClient: config.BOOKING_HOLDS_PER_CLIENT }),
    studioBookings: new StudioBookings(context),
    studioSettings: new StudioSettings(context),
    bookingEmails,
    async visitorZoneOf(email) {
      const latest = await db
        .selectFrom('bookings')
        .select('visitorZone')
        // Addresses are kept as typed; the same person may type them with other capitals.
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return latest?.visitorZone ?? null;
    },
  };
}

/**
 * Booking's background work: its e-mails (now, every minute, and whenever one is queued), and the
 * owner's feed: the kept copy checked at start (one that no longer passes the budgets is dropped,
 * never expanded on a visitor's request) and expanded again when the horizon, zone or day moved on;
 * the feed fetched again when the last attempt on any instance is older than FEED_REFRESH_MS. All of
 * it runs off the event loop (feed-expansion.ts), one pass at a time.
 */
export function startBookingTasks(
  services: Pick<MailingServices, 'db' | 'logger'> & Pick<CoreServices, 'invalidation'> & { booking: BookingCapability },
): NodeJS.Timeout[] {
  const { db, logger, invalidation } = services;
  const { bookingEmails, studioSettings } = services.booking;
  let running = false;
  const tend = async () => {
    if (running) return;
    running = true;
    try {
      const kept = await studioSettings.keepFeedCurrent();
      if (kept === 'dropped') logger.warn('calendar feed copy dropped: it no longer passes the expansion budgets');
      // No request announces the background's work: the other instances' slot lists are told here.
      if (kept === 'expanded' || kept === 'dropped') await invalidation.publish();
      const { attemptedAt } = await feedState(db);
      if (attemptedAt && Date.now() - Date.parse(attemptedAt) < FEED_REFRESH_MS) return;
      const feed = await studioSettings.refreshFeed();
      if (feed) await invalidation.publish();
      if (feed?.error) logger.warn({ error: feed.error }, 'calendar feed not refreshed; the last good copy still counts');
    } catch (error) {
      logger.error({ err: error }, 'calendar feed refresh failed');
    } finally {
      running = false;
    }
  };
  void tend();
  const timer = setInterval(() => void tend(), FEED_REFRESH_MS / 3);
  timer.unref();
  return [bookingEmails.start(), timer];
}
