import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { SITE_VERSION } from '#server/version.ts';
import { createMetrics, type MetricsSources } from './metrics.ts';

const logger = pino({ level: 'silent' });
const sources: MetricsSources = { analysisQueueDepth: () => 0, unsentContactNotices: async () => 0 };
const line = (body: string, start: string) => body.split('\n').find((text) => text.startsWith(start));

describe('createMetrics', () => {
  it('gives each instance its own registry, so two apps in one process neither clash nor share counts', async () => {
    const first = createMetrics(sources, logger);
    const second = createMetrics(sources, logger);
    first.observeRequest({ method: 'GET', route: 'page', status: '200' }, 0.01);
    first.countUploadReceived(1234);
    const [a, b] = await Promise.all([first.scrape(), second.scrape()]);
    expect(line(a.body, 'studio_http_requests_total{')).toBe('studio_http_requests_total{method="GET",route="page",status="200"} 1');
    expect(line(b.body, 'studio_http_requests_total{')).toBeUndefined();
    expect(line(a.body, 'studio_upload_received_bytes_total ')).toBe('studio_upload_received_bytes_total 1234');
    expect(line(b.body, 'studio_upload_received_bytes_total ')).toBe('studio_upload_received_bytes_total 0');
  });

  it('names the running version and Node in build_info', async () => {
    expect(SITE_VERSION).toMatch(/^\d+\.\d+\.\d+/);
    const { body } = await createMetrics(sources, logger).scrape();
    expect(line(body, 'studio_build_info{')).toBe(`studio_build_info{version="${SITE_VERSION}",node="${process.versions.node}"} 1`);
  });

  it('reads its sources at scrape time', async () => {
    let depth = 3;
    const metrics = createMetrics(
      { ...sources, analysisQueueDepth: () => depth, databasePool: () => ({ total: 4, idle: 1, waiting: 2 }) },
      logger,
    );
    expect(line((await metrics.scrape()).body, 'studio_analysis_queue_depth ')).toBe('studio_analysis_queue_depth 3');
    depth = 0;
    const { body } = await metrics.scrape();
    expect(line(body, 'studio_analysis_queue_depth ')).toBe('studio_analysis_queue_depth 0');
    expect(line(body, 'studio_db_pool_connections{state="waiting"}')).toBe('studio_db_pool_connections{state="waiting"} 2');
  });

  it('still answers when the backlog cannot be counted, marking that one value unknown', async () => {
    const metrics = createMetrics({ ...sources, unsentContactNotices: () => Promise.reject(new Error('database gone')) }, logger);
    const { body } = await metrics.scrape();
    expect(line(body, 'studio_contact_notices_unsent ')).toBe('studio_contact_notices_unsent Nan');
    expect(body).toContain('studio_process_cpu_seconds_total ');
  });

  it('leaves the pool out where nobody reports one', async () => {
    expect(SITE_VERSION).toMatch(/^\d+\.\d+\.\d+/);
    const { body } = await createMetrics(sources, logger).scrape();
    expect(body).not.toContain('studio_db_pool_connections');
  });
});
