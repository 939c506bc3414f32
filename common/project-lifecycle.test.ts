import { describe, expect, it } from 'vitest';
import { PROJECT_STATUSES, statusAfter } from './project-lifecycle.ts';

describe('statusAfter', () => {
  it('lets the studio choose any other status, and nothing for the same one', () => {
    expect(statusAfter('completed', { chosen: 'in_progress' })).toBe('in_progress');
    expect(statusAfter('delivered', { chosen: 'delivered' })).toBeNull();
  });

  it('moves to review on a new version, but never pulls back a delivered or finished project', () => {
    expect(statusAfter('revisions', 'versionAdded')).toBe('in_review');
    expect(statusAfter('delivered', 'versionAdded')).toBeNull();
    expect(statusAfter('archived', 'versionAdded')).toBeNull();
  });

  it('delivers once every track is approved, from any open status only', () => {
    const delivered = PROJECT_STATUSES.filter((status) => statusAfter(status, 'allTracksApproved') === 'delivered');
    expect(delivered).toEqual(['awaiting_files', 'in_progress', 'in_review', 'revisions']);
  });

  it('asks for revisions from review or earlier', () => {
    expect(statusAfter('in_review', 'revisionsRequested')).toBe('revisions');
    expect(statusAfter('completed', 'revisionsRequested')).toBeNull();
  });
});
