import { describe, expect, it } from 'vitest';
import { currentToasts, dismissToast, toast } from './toast.ts';

describe('toast store', () => {
  it('keeps at most one toast: the newest replaces the previous one', () => {
    toast({ title: 'First' });
    const second = toast({ title: 'Second', variant: 'destructive' });
    expect(currentToasts().map((item) => item.title)).toEqual(['Second']);
    expect(currentToasts()[0]).toMatchObject({ variant: 'destructive', open: true });
    dismissToast(second.id);
  });

  it('marks a dismissed toast closed before removing it', () => {
    const { dismiss } = toast({ title: 'Closing' });
    dismiss();
    expect(currentToasts()).toEqual([expect.objectContaining({ title: 'Closing', open: false })]);
  });
});
