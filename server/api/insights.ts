import express, { Router, type RequestHandler } from 'express';
import { beaconSchema, insightCsvQuerySchema, insightQuerySchema, insightSettingsSchema, MAX_BEACON_BYTES } from '#common/insights.ts';
import type { Services } from '#server/context.ts';
import { clientIp } from '#server/http/client-ip.ts';
import { methodNotAllowed } from '#server/http/errors.ts';
import { noStore } from '#server/http/no-store.ts';
import { markChangesNothingShown } from '#server/http/public-cache/clear-on-write.ts';
import { businessFigures } from '#server/flows/business-figures.ts';
import { requireAdmin } from '#server/http/require-admin.ts';
import { parseBody } from '#server/http/validation.ts';
import { isAutomated } from '#server/insights/visitor-rules.ts';
import { insightsCsv } from './insights-csv.ts';

/** The beacon's body as text (sendBeacon sends text/plain; fetch may send JSON), never more than 2 KB. */
const beaconBody = express.text({ type: ['text/plain', 'application/json'], limit: MAX_BEACON_BYTES });

/**
 * `POST /api/beacon` (decision 106): what a page reports that the server cannot see. Mounted before
 * the API's JSON parser, it reads at most 2 KB of text or JSON, answers 204 whatever it is sent (a
 * broken beacon is not a visitor's problem) and clears no cached page.
 */
export function beaconHandler(services: Services): RequestHandler[] {
  const { insights } = services;
  return [
    (req, res, next) => {
      markChangesNothingShown(res);
      res.set('Cache-Control', 'no-store');
      beaconBody(req, res, (error?: unknown) => (error ? res.status(204).end() : next()));
    },
    (req, res) => {
      const parsed = typeof req.body === 'string' ? beaconSchema.safeParse(safeJson(req.body)) : null;
      if (parsed?.success && !res.locals.admin && !isAutomated(req.headers)) {
        const { event, path, sample, target } = parsed.data;
        insights.events.observe({
          kind: event,
          path,
          target: sample !== undefined ? String(sample) : (target ?? null),
          headers: req.headers,
          address: clientIp(req),
          query: new URLSearchParams(),
          at: new Date(),
        });
      }
      res.status(204).end();
    },
  ];
}

/** The owner's numbers and whether anything is counted. */
export function insightsRouter(services: Services): Router {
  const router = Router();
  const { insights } = services;

  router
    .route('/admin/insights')
    .get(requireAdmin, async (req, res) => {
      const query = parseBody(insightQuerySchema, req.query, 'Invalid range');
      noStore(res).json(await insights.summary(query));
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/admin/insights.csv')
    .get(requireAdmin, async (req, res) => {
      const { view, ...query } = parseBody(insightCsvQuerySchema, req.query, 'Invalid export');
      const name = `insights-${view}-${query.from}-to-${query.to}.csv`;
      noStore(res).set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"` });
      res.send(insightsCsv(view, await insights.summary(query)));
    })
    .all(methodNotAllowed(['GET']));

  // The studio's side (money, consultations, projects): read from those capabilities, not from the counts.
  router
    .route('/admin/insights/business')
    .get(requireAdmin, async (req, res) => {
      const query = parseBody(insightQuerySchema, req.query, 'Invalid range');
      noStore(res).json(await businessFigures(services, query));
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/admin/insights/settings')
    .get(requireAdmin, async (_req, res) => {
      noStore(res).json(await insights.settings.read());
    })
    .put(requireAdmin, async (req, res) => {
      const settings = parseBody(insightSettingsSchema, req.body, 'Invalid settings');
      noStore(res).json(await insights.settings.save(settings));
    })
    .all(methodNotAllowed(['GET', 'PUT']));

  return router;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
