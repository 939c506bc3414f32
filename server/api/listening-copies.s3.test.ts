import { afterAll, beforeAll, describe } from 'vitest';
import { listeningCopyChecks } from '#server/test-support/listening-copy-checks.ts';
import { startTestS3, type TestS3 } from '#server/test-support/s3-server.ts';
import { testDialects } from '#server/test-support/services.ts';

const BUCKET = 'studio-listening';

// The review room's listening copies (decision 101) in an S3-compatible bucket (s3rver on loopback).
describe.each(testDialects())('listening copies in S3 (%s)', (dialect) => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3([BUCKET]);
  });
  afterAll(() => s3.close());
  listeningCopyChecks(dialect, () => ({ env: s3.env(BUCKET) }));
});
