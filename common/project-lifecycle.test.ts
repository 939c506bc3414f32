import { describe, expect, it } from 'vitest';
import { ACTIVE_PROJECT_STATUSES, CLIENT_UPLOAD_STATUSES, PROJECT_STATUSES, statusAfter } from './project-lifecycle.ts';

describe('statusAfter', () => {
  it('lets the studio choose any other status, and nothing for the same one', () => {
    expect(statusAfter('completed', { chosen: 'in_progress' })).toBe('in_progress');
    expect(statusAfter('delivered', { chosen: 'delivered' })).toBeNull();
    expect(statusAfter('revisions', { chosen: 'approved' })).toBe('approved');
  });

  it('moves to review on a new version, after an approval too, but never pulls back a delivered or finished project', () => {
    expect(statusAfter('revisions', 'versionAdded')).toBe('in_review');
    expect(statusAfter('approved', 'versionAdded')).toBe('in_review');
    expect(statusAfter('delivered', 'versionAdded')).toBeNull();
    expect(statusAfter('archived', 'versionAdded')).toBeNull();
  });

  it('approves (not delivers) once every track is approved, from the statuses before it only', () => {
    const approved = PROJECT_STATUSES.filter((status) => statusAfter(status, 'allTracksApproved') === 'approved');
    expect(approved).toEqual(['awaiting_files', 'in_progress', 'in_review', 'revisions']);
    expect(PROJECT_STATUSES.some((status) => statusAfter(status, 'allTracksApproved') === 'delivered')).toBe(false);
  });

  it('delivers on a delivery from approved only', () => {
    const delivered = PROJECT_STATUSES.filter((status) => statusAfter(status, 'deliveryAdded') === 'delivered');
    expect(delivered).toEqual(['approved']);
  });

  it('asks for revisions from review or earlier', () => {
    expect(statusAfter('in_review', 'revisionsRequested')).toBe('revisions');
    expect(statusAfter('completed', 'revisionsRequested')).toBeNull();
  });
});

describe('status groups', () => {
  it('keeps an approved project open to client files and active, until delivery', () => {
    expect(CLIENT_UPLOAD_STATUSES).toContain('approved');
    expect(CLIENT_UPLOAD_STATUSES).not.toContain('delivered');
    expect(ACTIVE_PROJECT_STATUSES).toEqual(expect.arrayContaining(['approved', 'delivered']));
    expect(PROJECT_STATUSES.indexOf('approved')).toBe(PROJECT_STATUSES.indexOf('revisions') + 1);
    expect(PROJECT_STATUSES.indexOf('delivered')).toBe(PROJECT_STATUSES.indexOf('approved') + 1);
  });
});
