import { describe, expect, it, vi } from 'vitest';
import type { InvoiceView } from '#common/billing/invoices.ts';
import { startCardCheckout, type CardCheckoutParts } from './card-checkout.ts';

/** The checkout's sources as plain fakes: one invoice, the address's access to its project, and Stripe. */
function parts(invoice: Partial<InvoiceView> | null, access: string | null, cards = true) {
  const checkout = vi.fn(async () => ({ url: 'https://checkout.example/session' }));
  const fake = {
    billing: {
      invoices: { get: vi.fn(async () => (invoice ? ({ id: 5, projectId: 3, ...invoice } as InvoiceView) : null)) },
      cardPayments: cards ? { checkout } : null,
      desk: { settings: async () => ({ paymentInstructions: 'IBAN DE00 1234, reference your invoice number' }) },
    },
    projects: { records: { accessTo: vi.fn(async () => access) } },
    studioIdentity: async () => ({ name: 'Atlas Studio', email: 'hi@example.com', responseHours: 24, timeZone: 'UTC' }),
    config: { PUBLIC_URL: 'https://studio.example' },
  } as unknown as CardCheckoutParts;
  return { fake, checkout };
}

describe('paying an invoice by card', () => {
  it("is not found unless it is the invited client's own sent invoice", async () => {
    expect(await startCardCheckout(parts(null, 'client').fake, 'ava@example.com', 5)).toEqual({ kind: 'not-found' });
    const draft = { state: 'draft', amountDueCents: 100 } as const;
    expect(await startCardCheckout(parts(draft, 'client').fake, 'ava@example.com', 5)).toEqual({ kind: 'not-found' });
    const sent = { state: 'sent', amountDueCents: 100 } as const;
    expect(await startCardCheckout(parts(sent, 'approve').fake, 'band@example.com', 5)).toEqual({ kind: 'not-found' });
    expect(await startCardCheckout(parts(sent, null).fake, 'x@example.com', 5)).toEqual({ kind: 'not-found' });
  });

  it('says when the studio takes no cards, and when nothing is due or the invoice is void', async () => {
    const sent = { state: 'sent', amountDueCents: 100 } as const;
    expect(await startCardCheckout(parts(sent, 'client', false).fake, 'ava@example.com', 5)).toEqual({ kind: 'not-set-up' });
    const paid = { state: 'paid', amountDueCents: 0 } as const;
    expect(await startCardCheckout(parts(paid, 'client').fake, 'ava@example.com', 5)).toEqual({ kind: 'nothing-due' });
    const voided = { state: 'void', amountDueCents: 0 } as const;
    expect(await startCardCheckout(parts(voided, 'client').fake, 'ava@example.com', 5)).toEqual({ kind: 'void' });
  });

  it("opens Checkout for what is owed, in the studio's name, back to the project page", async () => {
    const { fake, checkout } = parts({ state: 'partly_paid', amountDueCents: 4_000 }, 'client');
    expect(await startCardCheckout(fake, 'ava@example.com', 5)).toEqual({ kind: 'checkout', url: 'https://checkout.example/session' });
    expect(checkout).toHaveBeenCalledWith({
      invoice: expect.objectContaining({ id: 5, amountDueCents: 4_000 }),
      clientEmail: 'ava@example.com',
      studioName: 'Atlas Studio',
      returnUrl: 'https://studio.example/portal/projects/3',
    });
  });

  it('gives the transfer instructions when Stripe fails or times out, never an error', async () => {
    const { fake, checkout } = parts({ state: 'sent', amountDueCents: 4_000, currency: 'USD' }, 'client');
    checkout.mockRejectedValueOnce(new Error('Request timed out'));
    expect(await startCardCheckout(fake, 'ava@example.com', 5)).toEqual({
      kind: 'unavailable',
      paymentInstructions: 'IBAN DE00 1234, reference your invoice number',
      amountDueCents: 4_000,
      currency: 'USD',
    });
  });
});
