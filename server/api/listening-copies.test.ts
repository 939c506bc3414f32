import { describe } from 'vitest';
import { listeningCopyChecks } from '#server/test-support/listening-copy-checks.ts';
import { testDialects } from '#server/test-support/services.ts';

// The review room's listening copies (decision 101) on the local store.
describe.each(testDialects())('listening copies on the local store (%s)', (dialect) => {
  listeningCopyChecks(dialect);
});
