import { describe, expect, it } from 'vitest';
import { auditSubjects } from './audit-subjects.ts';

const { diff } = auditSubjects({ db: {} as never, site: { siteContent: { read: () => Promise.reject(new Error('not read')) } } });

describe('what an admin write changed', () => {
  it('keeps a record’s fields that differ, one that came or went as null', () => {
    expect(
      diff('invoice', { state: 'draft', total: '$10.00', dueDate: null }, { state: 'void', total: '$10.00', dueDate: '2027-01-02' }),
    ).toEqual([
      { field: 'state', before: 'draft', after: 'void' },
      { field: 'dueDate', before: null, after: '2027-01-02' },
    ]);
    expect(diff('staff', null, null)).toEqual([]);
  });

  it('words a site section’s changes as its version history does, with a list item added by name', () => {
    const before = { paymentTermsDays: 14, methods: [{ name: 'Card' }] };
    const after = { paymentTermsDays: 21, methods: [{ name: 'Card' }, { name: 'Cash' }] };
    expect(diff('site', before, after)).toEqual([
      { field: 'Days to pay', before: '14', after: '21' },
      { field: 'Added Methods › Entry 2 (Cash)', before: null, after: null },
    ]);
  });
});
