import { describe, expect, it } from 'vitest';
import { PROJECT_STATUSES } from '#common/project-lifecycle.ts';
import { CLIENT_FILE_CHANGE_MS, clientMayChangeFile } from './client-file-changes.ts';

const uploaded = new Date('2026-11-20T10:00:00Z');
const file = { side: 'client' as const, createdAt: uploaded.toISOString(), removedAt: null };
const after = (ms: number) => new Date(uploaded.getTime() + ms);

describe('when a client may change a file they sent', () => {
  it('any time while the project still awaits files', () => {
    expect(clientMayChangeFile(file, 'awaiting_files', after(30 * CLIENT_FILE_CHANGE_MS))).toBe(true);
  });

  it('within a day of the upload once the studio has started, whatever the status', () => {
    for (const status of PROJECT_STATUSES.filter((status) => status !== 'awaiting_files')) {
      expect(clientMayChangeFile(file, status, after(CLIENT_FILE_CHANGE_MS - 1))).toBe(true);
      expect(clientMayChangeFile(file, status, after(CLIENT_FILE_CHANGE_MS))).toBe(false);
    }
  });

  it('never a delivery, nor a file retention removed', () => {
    expect(clientMayChangeFile({ ...file, side: 'studio' }, 'awaiting_files', after(0))).toBe(false);
    expect(clientMayChangeFile({ ...file, removedAt: after(1).toISOString() }, 'awaiting_files', after(2))).toBe(false);
  });
});
