import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabasePoolStats } from '#server/db/connection.ts';
import type { Logger } from '#server/logger.ts';
import { SITE_VERSION } from '#server/version.ts';

/** Every family this server exposes starts with this, so it never clashes with another exporter's. */
const METRIC_PREFIX = 'studio_';

/** Read at scrape time: what the metrics report but do not own. */
export interface MetricsSources {
  analysisQueueDepth(): number;
  unsentContactNotices(): Promise<number>;
  /** Absent where no pool is worth reporting (scripts that build services themselves). */
  databasePool?: () => DatabasePoolStats;
}

/** `route` comes from a fixed set (route patterns, 'page', 'asset'), never from the raw URL. */
export interface RequestLabels {
  method: string;
  route: string;
  status: string;
}

export interface Metrics {
  observeRequest(labels: RequestLabels, seconds: number): void;
  /** Bytes the local store's upload PUT wrote to disk. */
  countUploadReceived(bytes: number): void;
  /** Sizes of uploads registered as sample audio (either store). */
  countAudioRegistered(bytes: number): void;
  /** The Prometheus text exposition of everything above plus the process metrics. */
  scrape(): Promise<{ contentType: string; body: string }>;
}

// Uploads of up to 50 MB on a slow line are the long tail; pages and JSON sit in the first buckets.
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * One registry per call, never prom-client's global one: tests and several apps in one process each
 * get their own families instead of a "metric already registered" error or each other's counts.
 */
export function createMetrics(sources: MetricsSources, logger: Logger): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });
  const registers = [registry];
  const labelNames = ['method', 'route', 'status'] as const;

  const requests = new Counter({ name: `${METRIC_PREFIX}http_requests_total`, help: 'HTTP requests answered', labelNames, registers });
  const durations = new Histogram({
    name: `${METRIC_PREFIX}http_request_duration_seconds`,
    help: 'Time from the request reaching the app to the response ending',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const uploadReceived = new Counter({
    name: `${METRIC_PREFIX}upload_received_bytes_total`,
    help: "Bytes received by the local store's upload PUT",
    registers,
  });
  const audioRegistered = new Counter({
    name: `${METRIC_PREFIX}audio_registered_bytes_total`,
    help: 'Bytes of uploaded audio registered for samples',
    registers,
  });

  // The usual shape of a build's identity: always 1, the facts in labels (one series per running version).
  new Gauge({
    name: `${METRIC_PREFIX}build_info`,
    help: 'The running version of the site',
    labelNames: ['version', 'node'],
    registers,
  }).set({ version: SITE_VERSION, node: process.versions.node }, 1);
  new Gauge({
    name: `${METRIC_PREFIX}analysis_queue_depth`,
    help: 'Samples waiting for or in audio analysis',
    registers,
    collect() {
      this.set(sources.analysisQueueDepth());
    },
  });
  new Gauge({
    name: `${METRIC_PREFIX}contact_notices_unsent`,
    help: 'Contact notices to the studio not sent yet (the e-mail backlog)',
    registers,
    async collect() {
      try {
        this.set(await sources.unsentContactNotices());
      } catch (error) {
        // The rest of the scrape is still worth having while the database is away.
        logger.warn({ err: error }, 'metrics: cannot count unsent contact notices');
        this.set(Number.NaN);
      }
    },
  });
  // Read before any scrape-time query takes a connection, or the scrape would count itself as waiting.
  let poolSnapshot: DatabasePoolStats | null = null;
  if (sources.databasePool) {
    new Gauge({
      name: `${METRIC_PREFIX}db_pool_connections`,
      help: 'Database pool: open connections (total), idle ones, and queries waiting for one (PostgreSQL); SQLite has one',
      labelNames: ['state'],
      registers,
      collect() {
        this.reset();
        for (const [state, value] of Object.entries(poolSnapshot ?? {})) {
          if (value !== undefined) this.set({ state }, value);
        }
      },
    });
  }

  return {
    observeRequest(labels, seconds) {
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    countUploadReceived: (bytes) => uploadReceived.inc(bytes),
    countAudioRegistered: (bytes) => audioRegistered.inc(bytes),
    async scrape() {
      poolSnapshot = sources.databasePool?.() ?? null;
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
