import { describe, expect, it } from 'vitest';
import { migrations } from './index.ts';

describe('the migration list', () => {
  it('is in name order, as Kysely applies them and as a backup records them', () => {
    const names = Object.keys(migrations);
    expect(names).toEqual([...names].sort());
  });
});
