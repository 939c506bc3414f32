import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import { isGoalKind, type GoalKind } from '#common/insights.ts';
import type { Database, InsightEventsTable } from '#server/db/schema.ts';
import type { Logger } from '#server/logger.ts';
import { creditOf, NO_VISIT_SOURCE } from './goals.ts';
import { readInsightSettings } from './insight-settings.ts';
import { DailySalts, utcDay, visitorId } from './visitor-hash.ts';
import { asksNotToBeTracked, countryOf, deviceOf, sourceOf, type Source } from './visitor-rules.ts';

/** A page viewed, a sample played, a click out, an embed played, or a goal reached (decision 113). */
export type InsightKind = 'view' | 'play' | 'outbound' | 'embed' | GoalKind;

/** What one request tells about what happened and who: read at once, kept in memory until the next write. */
export interface ObservedEvent {
  kind: InsightKind;
  /** The page's path, without its query. */
  path: string;
  target: string | null;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The client address (after the trusted proxies): only hashed, never written. */
  address: string;
  query: URLSearchParams;
  at: Date;
  /** A goal no visitor's request made (the studio, Stripe): counted, credited to no visit. */
  noVisit?: boolean;
}

interface Pending {
  kind: InsightKind;
  path: string;
  target: string | null;
  address: string;
  userAgent: string;
  host: string;
  day: string;
  at: string;
  source: Source;
  country: string | null;
  device: string;
  privacySignal: boolean;
  noVisit: boolean;
}

export interface InsightEventOptions {
  /** The site's own host (from PUBLIC_URL): part of the visitor hash, and how its own pages are told from referrers. */
  siteHost: string;
  /** A header the operator's proxy sets to the visitor's country (`CF-IPCountry`), or null. */
  countryHeader: string | null;
  logger: Logger;
  flushEveryMs?: number;
  /** Beyond this many waiting events (a flood), new ones are dropped rather than held. */
  maxWaiting?: number;
}

/** One address gets at most this many events into one batch: a script posting beacons in a loop fills nothing. */
const EVENTS_PER_ADDRESS_PER_BATCH = 30;

const ROWS_PER_INSERT = 100;

/**
 * Counts views, plays and clicks without slowing the request that caused them: `observe` only reads
 * the request into memory; every few seconds one batch is hashed and written (a busy page costs no
 * write per view). The owner's settings are read at each write, so turning counting off on one
 * instance stops every instance within one batch.
 */
export class InsightEvents {
  private waiting: Pending[] = [];
  private perAddress = new Map<string, number>();
  /** Events still waiting for a check (is this a visitors' page?): a batch waits for them. */
  private readonly deciding = new Set<Promise<void>>();
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  private readonly salts: DailySalts;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: InsightEventOptions,
  ) {
    this.salts = new DailySalts(db);
    this.timer = setInterval(() => void this.flush(), options.flushEveryMs ?? 5_000);
    this.timer.unref();
  }

  observe(event: ObservedEvent): void {
    if (this.waiting.length >= (this.options.maxWaiting ?? 5_000)) return;
    const noVisit = event.noVisit === true;
    // What the studio or Stripe reports is not a flood to hold back; a visitor's requests are.
    if (!noVisit) {
      const seen = this.perAddress.get(event.address) ?? 0;
      if (seen >= EVENTS_PER_ADDRESS_PER_BATCH) return;
      this.perAddress.set(event.address, seen + 1);
    }
    const host = this.options.siteHost;
    const agent = event.headers['user-agent'];
    this.waiting.push({
      kind: event.kind,
      path: event.path.slice(0, 300),
      target: event.target?.slice(0, 200) ?? null,
      address: event.address,
      userAgent: (Array.isArray(agent) ? agent[0] : agent) ?? '',
      host,
      day: utcDay(event.at),
      at: event.at.toISOString(),
      source: sourceOf(event.headers, event.query, host),
      country: countryOf(event.headers, this.options.countryHeader),
      device: deviceOf(event.headers),
      privacySignal: !noVisit && asksNotToBeTracked(event.headers),
      noVisit,
    });
  }

  /** Observes `event` once `counted` says true (a check that may take a moment, like the page's policy). */
  observeIf(counted: Promise<boolean>, event: ObservedEvent): void {
    const decided: Promise<void> = counted.then(
      (yes) => {
        if (yes) this.observe(event);
      },
      () => {},
    );
    const settled = decided.finally(() => this.deciding.delete(settled));
    this.deciding.add(settled);
  }

  /** Writes what waits (one batch at a time); a failed write is logged and its events dropped, never retried into a loop. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writeWaiting());
    return this.flushing;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async writeWaiting(): Promise<void> {
    await Promise.all(this.deciding);
    const batch = this.waiting;
    if (batch.length === 0) return;
    this.waiting = [];
    this.perAddress = new Map();
    try {
      const settings = await readInsightSettings(this.db);
      if (!settings.counting) return;
      const kept = settings.honourPrivacySignals ? batch.filter((event) => !event.privacySignal) : batch;
      const rows = [];
      for (const event of kept) rows.push(await this.rowOf(event));
      // The views first: a goal is credited to the visit they make, this batch's too.
      const goals = rows.filter((row) => isGoalKind(row.kind));
      await this.insert(rows.filter((row) => !isGoalKind(row.kind)));
      for (const goal of goals) if (goal.source !== NO_VISIT_SOURCE) Object.assign(goal, await creditOf(this.db, goal));
      await this.insert(goals);
    } catch (error) {
      this.options.logger.warn({ err: error, events: batch.length }, 'insights: a batch of counted events could not be written');
    }
  }

  private async insert(rows: Array<Insertable<InsightEventsTable>>): Promise<void> {
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      await this.db
        .insertInto('insightEvents')
        .values(rows.slice(start, start + ROWS_PER_INSERT))
        .execute();
    }
  }

  private async rowOf(event: Pending) {
    const salt = await this.salts.saltFor(event.day);
    return {
      day: event.day,
      occurredAt: event.at,
      kind: event.kind,
      path: event.noVisit ? '' : event.path,
      // A goal without a visit is one visit of its own: a random id, so it counts once and joins nothing.
      visitor: event.noVisit ? randomBytes(16).toString('hex') : visitorId(salt, event),
      source: event.noVisit ? NO_VISIT_SOURCE : event.source.group,
      referrerDomain: event.source.domain,
      campaign: event.source.campaign,
      country: event.country,
      device: event.device,
      target: event.target,
      entry: event.kind === 'view' && event.source.entry ? 1 : 0,
    };
  }

  /** Deletes salts of days before `day` (called by the daily roll-up). */
  forgetSaltsBefore(day: string): Promise<void> {
    return this.salts.forgetBefore(day);
  }
}
