import { describe, expect, it, vi } from 'vitest';
import type { SiteContent } from '#common/site-content/sections.ts';
import { deliveryLock, heldByDeliveryLock, type DeliveryLockParts } from './delivery-lock.ts';

/** The lock's two sources as plain fakes: the invoices' answer, and the studio's currency. */
function parts(lock: { locked: boolean; amountDueCents: number }) {
  const settings = vi.fn(async () => ({ currency: 'EUR' }) as SiteContent['billing']);
  const fake = {
    billing: { invoices: { deliveryLock: vi.fn(async () => lock) }, desk: { settings } },
  } as unknown as DeliveryLockParts;
  return { fake, settings };
}

describe('the delivery lock', () => {
  it('is locked while the lock is on and something is owed, with what is owed in the studio currency', async () => {
    const { fake } = parts({ locked: true, amountDueCents: 12_500 });
    expect(await deliveryLock(fake, 7)).toEqual({ kind: 'locked', amountDueCents: 12_500, currency: 'EUR' });
    expect(fake.billing.invoices.deliveryLock).toHaveBeenCalledWith(7);
  });

  it('is open otherwise, still telling what is owed, and reads no settings', async () => {
    const { fake, settings } = parts({ locked: false, amountDueCents: 5_000 });
    expect(await deliveryLock(fake, 7)).toEqual({ kind: 'open', amountDueCents: 5_000 });
    expect(settings).not.toHaveBeenCalled();
  });

  it("holds the studio's files (the deliveries) only, never what the client sent", () => {
    expect(heldByDeliveryLock('studio')).toBe(true);
    expect(heldByDeliveryLock('client')).toBe(false);
    expect(heldByDeliveryLock(undefined)).toBe(false);
  });
});
