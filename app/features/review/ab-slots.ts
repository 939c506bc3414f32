/** The two versions of an A/B pair. */
export type Slot = 'a' | 'b';
export const SLOTS: readonly Slot[] = ['a', 'b'];
export const otherSlot = (slot: Slot): Slot => (slot === 'a' ? 'b' : 'a');
