import { describe, expect, it } from 'vitest';
import { MAX_RECORD_ID, recordIdFromPath, recordIdSchema } from './record-id.ts';

describe('record ids', () => {
  it('reads an id from a path, and nothing that cannot be one', () => {
    expect(recordIdFromPath('12')).toBe(12);
    expect(recordIdFromPath(String(MAX_RECORD_ID))).toBe(MAX_RECORD_ID);
    for (const text of [undefined, '', '0', '012', '-1', '1.5', '1e3', '2147483648', '99999999999', '1\u0000', ' 1']) {
      expect(recordIdFromPath(text), String(text)).toBeNull();
    }
  });

  it('refuses a body id beyond what the database can hold', () => {
    const schema = recordIdSchema('parentId must be a comment id');
    expect(schema.safeParse(MAX_RECORD_ID).success).toBe(true);
    const refused = schema.safeParse(MAX_RECORD_ID + 1);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('parentId must be a comment id');
  });
});
