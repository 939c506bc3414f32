import { describe, expect, it } from 'vitest';
import { auditOfRequest } from './admin-audit.ts';
import { readableChanges } from './audit-writes.ts';

describe('the words of an admin write', () => {
  it('reads a write by method and path, with the path’s segments; the billing section is filed under money', () => {
    const voided = auditOfRequest('POST', '/api/admin/invoices/7/void');
    expect(voided).toMatchObject({
      kind: 'described',
      params: { id: '7' },
      words: { area: 'money', action: 'Invoice {invoice:id} voided' },
    });
    const billing = auditOfRequest('PUT', '/api/admin/site/billing?x=1');
    const faq = auditOfRequest('PUT', '/api/admin/site/faq');
    if (billing.kind !== 'described' || faq.kind !== 'described') throw new Error('not described');
    expect(typeof billing.words.area === 'function' && billing.words.area(billing.params)).toBe('money');
    expect(typeof faq.words.area === 'function' && faq.words.area(faq.params)).toBe('site');
  });

  it('tells joining (recorded by its handler) and an unknown write apart from a described one', () => {
    expect(auditOfRequest('POST', '/api/admin/staff/join').kind).toBe('not-a-write');
    expect(auditOfRequest('POST', '/api/admin/backups').kind).toBe('undescribed');
  });

  it('words a staff change by what the body asks', () => {
    const change = auditOfRequest('PATCH', '/api/admin/staff/3');
    if (change.kind !== 'described' || typeof change.words.action === 'string') throw new Error('not chosen by the body');
    expect(change.words.action({ role: 'owner' })).toBe('Role of {staff:id} changed');
    expect(change.words.action({ suspended: true })).toBe('Staff member {staff:id} suspended');
    expect(change.words.action({ suspended: false })).toBe('Staff member {staff:id} reinstated');
  });
});

describe('the before/after of a write', () => {
  it('names at most 20 fields and cuts a long value, so an entry stays readable', () => {
    const changes = readableChanges(
      Array.from({ length: 25 }, (_, i) => ({ field: `f${i}`, before: 'old', after: i === 0 ? 'n'.repeat(500) : 'new' })),
    );
    expect(changes).toHaveLength(21);
    expect(changes.at(-1)).toEqual({ field: 'and 5 more fields', before: null, after: null });
    expect(changes[0]!.after).toHaveLength(200);
    expect(changes[0]!.after!.endsWith('…')).toBe(true);
    expect(readableChanges([{ field: 'a', before: null, after: '1' }])).toEqual([{ field: 'a', before: null, after: '1' }]);
  });
});
