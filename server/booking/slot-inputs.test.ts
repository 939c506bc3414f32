import { describe, expect, it } from 'vitest';
import type { StoredBookingSettings } from './booking-settings.ts';
import type { StudioFacts } from './studio-facts.ts';
import { SlotInputs, type SlotInputsRead } from './slot-inputs.ts';

const MINUTE = 60_000;
const studio = { name: 'Studio', email: 'studio@example.com', address: '', hours: {} } as unknown as StudioFacts;

/** Inputs whose stamp is the number of the read, so each test sees which read it was given. */
function counted(options: { failing?: () => boolean } = {}) {
  let reads = 0;
  const read = async (): Promise<SlotInputsRead> => {
    reads += 1;
    if (options.failing?.()) throw new Error('the database is away');
    return { stored: {} as StoredBookingSettings, studio, stamp: String(reads) };
  };
  return { read, reads: () => reads };
}

describe('the slot lists’ inputs', () => {
  it('are read once a minute while nothing changes, and again at the next minute', async () => {
    const { read, reads } = counted();
    const inputs = new SlotInputs(read, () => true);
    const first = await inputs.current(10 * MINUTE);
    expect(await inputs.current(10 * MINUTE + 59_999)).toBe(first);
    expect(reads()).toBe(1);
    expect((await inputs.current(11 * MINUTE)).stamp).toBe('2');
    expect(inputs.reads).toBe(2);
  });

  it('are read afresh after a change, and one read in flight at the change is not kept', async () => {
    const { read } = counted();
    const inputs = new SlotInputs(read, () => true);
    expect((await inputs.current(0)).stamp).toBe('1');
    inputs.changed();
    const inFlight = inputs.current(0);
    inputs.changed();
    expect((await inFlight).stamp).toBe('2');
    expect((await inputs.current(0)).stamp).toBe('3');
    expect((await inputs.current(0)).stamp).toBe('3');
  });

  it('are never kept while other instances’ changes cannot be heard', async () => {
    const { read } = counted();
    let hearing = false;
    const inputs = new SlotInputs(read, () => hearing);
    expect((await inputs.current(0)).stamp).toBe('1');
    expect((await inputs.current(0)).stamp).toBe('2');
    hearing = true;
    expect((await inputs.current(0)).stamp).toBe('3');
    expect((await inputs.current(0)).stamp).toBe('3');
  });

  it('keep no failed read: the next list asks the database again', async () => {
    let failing = true;
    const { read } = counted({ failing: () => failing });
    const inputs = new SlotInputs(read, () => true);
    await expect(inputs.current(0)).rejects.toThrow('the database is away');
    failing = false;
    expect((await inputs.current(0)).stamp).toBe('2');
  });
});
