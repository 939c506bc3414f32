import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices, testDialects, type TestServices } from '#server/test-support/services.ts';
import type { MailMessage } from '#server/email/mailer.ts';
import { deliverNotice, retryDelayMs, retryDueNotices } from './notice-delivery.ts';
import { storeContactSubmission } from './submissions.ts';

describe.each(testDialects())('owner notice delivery on %s', (dialect) => {
  const sent: MailMessage[] = [];
  let services: TestServices;
  beforeAll(async () => {
    services = await createTestServices(dialect, {
      mailer: {
        destination: 'test',
        async send(message) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          sent.push(message);
        },
        close() {},
      },
    });
  });
  afterAll(async () => {
    await services.cleanup();
  });

  it('sends a notice once even when the first attempt and a retry pass race for it', async () => {
    const { noticeId } = await storeContactSubmission(services.db, {
      name: 'Ada',
      email: 'ada@example.com',
      message: 'Master my single please.',
    });
    const results = await Promise.all([deliverNotice(services, noticeId), retryDueNotices(services), deliverNotice(services, noticeId)]);
    expect(results[0] === 'sent' || results[2] === 'sent' || results[1].sent === 1).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ replyTo: 'ada@example.com', subject: 'New consultation request from Ada' });
  });

  it('keeps a visitor name with line breaks out of the mail headers', async () => {
    const { noticeId } = await storeContactSubmission(services.db, {
      name: 'Eve\r\nBcc: all@example.com',
      email: 'eve@example.com',
      message: 'Header injection attempt.',
    });
    await deliverNotice(services, noticeId);
    expect(sent.at(-1)?.subject).toBe('New consultation request from Eve Bcc: all@example.com');
  });

  it('backs off between attempts, doubling up to an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(50)).toBe(60 * 60_000);
  });
});
