import { describe, expect, it, vi } from 'vitest';
import type { InvoiceView } from '#common/billing/invoices.ts';
import type { PortalProjectView } from '#common/projects.ts';
import { portalProjectView, type PortalProjectParts } from './portal-project-view.ts';

const invoice = (id: number, state: InvoiceView['state'], amountDueCents = 0) => ({ id, state, amountDueCents }) as InvoiceView;

/** The view's sources as plain fakes: who sees the project, the lock, the invoices and the settings. */
function parts(access: PortalProjectView['access'] | null, lock: { locked: boolean; amountDueCents: number }) {
  const fake = {
    projects: { records: { clientView: vi.fn(async () => (access ? ({ id: 3, title: 'EP', access } as PortalProjectView) : null)) } },
    billing: {
      invoices: {
        deliveryLock: vi.fn(async () => lock),
        ofProject: vi.fn(async () => [invoice(1, 'draft', 5_000), invoice(2, 'sent', 4_900), invoice(3, 'void')]),
      },
      desk: { settings: vi.fn(async () => ({ currency: 'USD', paymentInstructions: 'IBAN DE00' })) },
      cardPayments: null,
      plans: { uploadsWaitFor: vi.fn(async () => null) },
    },
  } as unknown as PortalProjectParts;
  return fake;
}

describe("a portal project's view", () => {
  it('is not found for a project not open to the address', async () => {
    expect(await portalProjectView(parts(null, { locked: false, amountDueCents: 0 }), 'x@example.com', 3)).toEqual({ kind: 'not-found' });
  });

  it('gives the invited client the money: sent invoices (no drafts), what is owed, the lock, how to pay', async () => {
    const fake = parts('client', { locked: true, amountDueCents: 9_900 });
    const view = await portalProjectView(fake, 'ava@example.com', 3);
    expect(view).toMatchObject({
      kind: 'project',
      project: { id: 3 },
      deliveriesLocked: true,
      billing: {
        // What the sent invoices ask now; the masters wait for more (the plan's balance, not invoiced yet).
        amountDueCents: 4_900,
        heldCents: 9_900,
        deliveriesLocked: true,
        uploadsWaitForDeposit: null,
        cardPayments: false,
        paymentInstructions: 'IBAN DE00',
      },
    });
    if (view.kind === 'project') expect(view.billing?.invoices.map((one) => one.id)).toEqual([2, 3]);
    expect(fake.billing.invoices.deliveryLock).toHaveBeenCalledTimes(1);
  });

  it('tells a collaborator whether the deliveries wait, and nothing of the money', async () => {
    const fake = parts('approve', { locked: true, amountDueCents: 9_900 });
    expect(await portalProjectView(fake, 'band@example.com', 3)).toMatchObject({ kind: 'project', billing: null, deliveriesLocked: true });
    expect(fake.billing.invoices.ofProject).not.toHaveBeenCalled();
    const open = parts('listen', { locked: false, amountDueCents: 9_900 });
    expect(await portalProjectView(open, 'band@example.com', 3)).toMatchObject({ billing: null, deliveriesLocked: false });
  });
});
