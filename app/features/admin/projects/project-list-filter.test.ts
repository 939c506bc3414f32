import { describe, expect, it } from 'vitest';
import type { ProjectSummary } from '#common/projects.ts';
import { isOverdue, matchesProjectFilter, PROJECT_FILTERS } from './project-list-filter.ts';

const base: ProjectSummary = {
  id: 1,
  title: 'EP',
  status: 'in_progress',
  clientName: 'Ava',
  packageTitle: 'Premium',
  dueDate: null,
  fileCount: 0,
  deliveryCount: 0,
  updatedAt: '2026-03-01T10:00:00.000Z',
  waitingForStudio: false,
};
const now = new Date('2026-03-10T12:00:00Z');
const shown = (project: ProjectSummary) => PROJECT_FILTERS.filter((filter) => matchesProjectFilter(project, filter, now));

describe('project list filters', () => {
  it('counts like the dashboard cards: waiting and due only among active projects, overdue within the week', () => {
    expect(shown({ ...base, waitingForStudio: true, dueDate: '2026-03-01' })).toEqual(['active', 'waiting', 'due-this-week', 'all']);
    expect(shown({ ...base, dueDate: '2026-03-17' })).toEqual(['active', 'due-this-week', 'all']);
    expect(shown({ ...base, dueDate: '2026-03-18' })).toEqual(['active', 'all']);
    expect(shown({ ...base, status: 'completed', waitingForStudio: true, dueDate: '2026-03-11' })).toEqual(['finished', 'all']);
    expect(shown({ ...base, status: 'archived' })).toEqual(['finished', 'all']);
  });

  it('marks an open project past its due date as overdue, a finished one never', () => {
    expect(isOverdue({ status: 'delivered', dueDate: '2026-03-01' }, now)).toBe(true);
    expect(isOverdue({ status: 'in_review', dueDate: '2026-03-30' }, now)).toBe(false);
    expect(isOverdue({ status: 'completed', dueDate: '2026-03-01' }, now)).toBe(false);
    expect(isOverdue({ status: 'awaiting_files', dueDate: null }, now)).toBe(false);
  });
});
