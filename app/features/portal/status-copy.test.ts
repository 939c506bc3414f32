import { describe, expect, it } from 'vitest';
import { PROJECT_STATUSES } from '#common/project-lifecycle.ts';
import { statusExplanation } from './status-copy.ts';

describe('statusExplanation', () => {
  it('says the files are ready to download only when the project is delivered with a delivery to download', () => {
    const promising = PROJECT_STATUSES.flatMap((status) =>
      [0, 1].filter((downloadable) => /ready to download/.test(statusExplanation(status, downloadable))).map((n) => `${status}:${n}`),
    );
    expect(promising).toEqual(['delivered:1']);
  });

  it('does not promise downloads while they wait for payment', () => {
    expect(statusExplanation('delivered', 1, true)).not.toMatch(/ready to download/);
    expect(statusExplanation('delivered', 1, true)).toMatch(/as soon as the balance is paid/);
  });

  it('tells an approved project that the masters are being prepared', () => {
    expect(statusExplanation('approved', 0)).toMatch(/preparing your masters/);
  });
});
