import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The boundary rules are only worth having if they fail: each case lints one import line as if it
// were written in the named file, with the project's real ESLint configuration.
const eslint = new ESLint({ cwd: process.cwd() });
// Static imports are refused by the first rule, dynamic ones by the second (eslint.boundaries.js).
const BOUNDARY_RULES = new Set(['no-restricted-imports', 'no-restricted-syntax']);

async function boundaryErrors(filePath: string, importLine: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${importLine}\nexport {};\n`, { filePath });
  return result.messages.filter((message) => BOUNDARY_RULES.has(message.ruleId ?? '')).map((message) => message.message);
}

/** The same import written the three ways that load or name a module on demand. */
function dynamicForms(importLine: string): string[] {
  const spec = /['"]([^'"]+)['"]/.exec(importLine)![1];
  return [
    `export const load = () => import('${spec}');`,
    `export const load = () => import(\`${spec}\`);`,
    `export type Loaded = typeof import('${spec}');`,
  ];
}

const refused: [file: string, importLine: string, why: string][] = [
  ['server/contact/owner-notice.ts', "import { STUDIO_NAME } from '#app/content/site.ts';", 'server never imports app'],
  ['server/samples/service.ts', "import { HttpError } from '#server/http/errors.ts';", 'a capability does not speak HTTP'],
  ['server/auth/login.ts', "import { samplesRouter } from '#server/api/samples.ts';", 'a capability does not import routers'],
  ['server/contact/receive-submission.ts', "import { listSamples } from '#server/samples/queries.ts';", 'capabilities stay apart'],
  [
    'server/http/csrf.ts',
    "import { hasSessionCookie } from '#server/auth/session-cookie.ts';",
    'middleware gets capabilities as arguments',
  ],
  [
    'server/http/page-cache.ts',
    "import { hitRateLimit } from '#server/rate-limits/rate-limit.ts';",
    'middleware gets services as arguments',
  ],
  [
    'server/storage/local-store.ts',
    "import { SampleService } from '#server/samples/service.ts';",
    'infrastructure depends on no capability',
  ],
  [
    'server/samples/analysis-queue.ts',
    "import { createMetrics } from '#server/metrics/metrics.ts';",
    'capabilities are counted through callbacks',
  ],
  ['server/metrics/metrics.ts', "import { countUnsentNotices } from '#server/contact/notice-delivery.ts';", 'metrics is infrastructure'],
  [
    'server/http/request-metrics.ts',
    "import type { Metrics } from '#server/metrics/metrics.ts';",
    'middleware gets the metrics as an argument',
  ],
  [
    'server/backup/create-backup.ts',
    "import { createAdmin } from '#server/auth/admin-users.ts';",
    'backup is infrastructure: it copies tables without knowing a capability',
  ],
  [
    'server/archive/zip-stream.ts',
    "import { listSamples } from '#server/samples/queries.ts';",
    'archive is infrastructure: it streams the entries it is given',
  ],
  ['common/samples.ts', "import { cn } from '#app/lib/cn.ts';", 'common depends on nothing'],
  ['common/contact.ts', "import type { Services } from '#server/context.ts';", 'common depends on nothing'],
  ['app/components/site-footer.tsx', "import { listSamples } from '#server/samples/queries.ts';", 'browser code never imports server'],
  ['server/api/samples.ts', "import { HttpError } from '../http/errors.ts';", 'cross-folder imports use an alias'],
  ['server/auth/password-reset.ts', "import type { Services } from '#server/context.ts';", 'a capability names the services it uses'],
  [
    'server/projects/startup.ts',
    "import { buildServices } from '#server/services.ts';",
    'a capability is built by services, never builds them',
  ],
  ['server/jobs/serial-queue.ts', "import type { Services } from '#server/context.ts';", 'infrastructure does not know the services'],
  [
    'server/core-services.ts',
    "import type { SamplesCapability } from '#server/samples/samples-capability.ts';",
    'the floor under capabilities knows none of them',
  ],
  ['server/billing/invoices.ts', "import { deliveryLock } from '#server/flows/delivery-lock.ts';", 'a capability never imports a flow'],
  [
    'server/projects/activity.test.ts',
    "import { downloadDelivery } from '#server/flows/download-delivery.ts';",
    "a capability's tests do not reach up to a flow either",
  ],
  [
    'server/storage/local-store.ts',
    "import { deliveryArchive } from '#server/flows/delivery-archive.ts';",
    'infrastructure never imports a flow',
  ],
  [
    'server/http/pages.ts',
    "import { portalProjectView } from '#server/flows/portal-project-view.ts';",
    'middleware gets flows as arguments',
  ],
  ['server/core-services.ts', "import type { DeliveryLock } from '#server/flows/delivery-lock.ts';", 'the floor knows no flow'],
  ['server/flows/delivery-lock.ts', "import { HttpError } from '#server/http/errors.ts';", 'a flow returns outcomes, not HTTP errors'],
  [
    'server/flows/download-delivery.ts',
    "import { sendProjectFile } from '#server/api/project-file-responses.ts';",
    'a flow does not import routers',
  ],
  [
    'server/flows/portal-project-view.ts',
    "import { checklistContent } from '#app/features/marketing/process-content.server.ts';",
    'a flow never imports app',
  ],
  ['server/flows/portal-project-view.ts', "import type { Services } from '#server/context.ts';", 'a flow names the capabilities it spans'],
];

const allowed: [file: string, importLine: string][] = [
  ['server/api/samples.ts', "import { HttpError } from '#server/http/errors.ts';"],
  ['server/samples/service.ts', "import type { Database } from '#server/db/schema.ts';"],
  ['server/contact/receive-submission.ts', "import { hitRateLimit } from '#server/rate-limits/rate-limit.ts';"],
  ['app/features/samples/featured-loader.server.ts', "import { latestSamples } from '#server/samples/queries.ts';"],
  ['app/routes/home.tsx', "import { STUDIO_NAME } from '#common/studio.ts';"],
  ['server/samples/service.ts', "import { listSamples } from './queries.ts';"],
  ['server/services.ts', "import { createMetrics } from '#server/metrics/metrics.ts';"],
  ['server/samples/service.ts', "import { zipStream } from '#server/archive/zip-stream.ts';"],
  ['server/auth/password-reset.ts', "import type { MailingServices } from '#server/core-services.ts';"],
  ['server/samples/startup.ts', "import { SerialQueue } from '#server/jobs/serial-queue.ts';"],
  ['server/api/samples.ts', "import type { Services } from '#server/context.ts';"],
  ['server/flows/delivery-lock.ts', "import type { BillingCapability } from '#server/billing/billing-capability.ts';"],
  ['server/flows/download-delivery.ts', "import { recordActivity } from '#server/projects/activity.ts';"],
  ['server/flows/download-delivery.ts', "import type { CoreServices } from '#server/core-services.ts';"],
  ['server/flows/card-checkout.ts', "import { clientInvoice } from './client-invoice.ts';"],
  ['server/flows/delivery-lock.ts', "import type { Database } from '#server/db/schema.ts';"],
  ['server/api/portal.ts', "import { downloadDelivery } from '#server/flows/download-delivery.ts';"],
  ['app/features/portal/portal-pages.server.ts', "import { portalProjectView } from '#server/flows/portal-project-view.ts';"],
];

describe('import boundaries', () => {
  it.each(refused)('refuses %s importing: %s (%s)', async (file, line) => {
    expect(await boundaryErrors(file, line)).toHaveLength(1);
  });

  it.each(allowed)('allows %s importing: %s', async (file, line) => {
    expect(await boundaryErrors(file, line)).toEqual([]);
  });

  // A lazy import crosses a boundary as much as a static one: one refusal, with the rule's own message
  // (no-restricted-imports puts the import string in front of it).
  it.each(refused)('refuses %s loading on demand what it may not import: %s (%s)', async (file, line) => {
    const [staticMessage] = await boundaryErrors(file, line);
    for (const form of dynamicForms(line)) {
      const errors = await boundaryErrors(file, form);
      expect(errors, form).toHaveLength(1);
      expect(staticMessage!.endsWith(` ${errors[0]}`), form).toBe(true);
    }
  });

  it.each(allowed)('allows %s loading on demand what it may import: %s', async (file, line) => {
    for (const form of dynamicForms(line)) expect(await boundaryErrors(file, form), form).toEqual([]);
  });

  it('reads a dynamic import as the uploader and the islands write it', async () => {
    const lazyLine = "const Dashboard = lazy(() => import('#server/samples/queries.ts').then((m) => ({ default: m.X })));";
    expect(await boundaryErrors('app/features/file-uploader/project-file-uploader.tsx', lazyLine)).toHaveLength(1);
    expect(await boundaryErrors('app/islands/registry.ts', "const load = () => import('#app/components/mobile-menu.tsx');")).toEqual([]);
  });
});
