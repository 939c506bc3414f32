import { Router, type Request, type Response } from 'express';
import type { Services } from '#server/context.ts';
import { HttpError, methodNotAllowed } from '#server/http/errors.ts';
import { requireClient } from '#server/http/require-client.ts';
import { parseIdParam } from '#server/http/validation.ts';
import type { PortalClient } from '#server/projects/client-sessions.ts';
import { startCardCheckout } from '#server/flows/card-checkout.ts';
import { clientInvoice } from '#server/flows/client-invoice.ts';
import { portalMoneyView } from '#server/flows/portal-project-view.ts';
import { portalProjectGuard, requirePart } from './portal-access.ts';
import { noStore } from '#server/http/no-store.ts';
import { formatMoney } from '#common/billing/money.ts';

const NOT_FOUND = 'Invoice not found';
const CARDS_DOWN = 'Card payments are not available right now.';
const CARDS_NOT_SET_UP = 'Card payments are not set up for this studio. Please pay as the invoice describes, or reply to the studio.';

/**
 * What a client owes and pays (decision 093): the project's sent invoices, each as a PDF, and card
 * payment through Stripe Checkout for what is still due. Only an access that sees `invoices`
 * (common/collaborators.ts: the invited client) sees them: a collaborator is a 403, anyone else's
 * invoice a 404, like one that does not exist. Each route guards, calls one flow (server/flows/)
 * and answers its outcome.
 */
export function portalInvoicesRouter(services: Services): Router {
  const router = Router();
  const projectFor = portalProjectGuard(services);
  const emailOf = (res: Response) => (res.locals.client as PortalClient).email;
  const invoiceIdOf = (req: Request) => parseIdParam(req.params.id, NOT_FOUND);

  router
    .route('/portal/projects/:id/invoices')
    .all(requireClient)
    .get(async (req, res) => {
      const { projectId } = requirePart(await projectFor(req, res, 'listen'), 'invoices');
      noStore(res).json(await portalMoneyView(services, projectId));
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/portal/invoices/:id.pdf')
    .all(requireClient)
    .get(async (req, res) => {
      const found = await clientInvoice(services, emailOf(res), invoiceIdOf(req));
      if (found.kind === 'not-found') throw new HttpError(404, NOT_FOUND);
      const { invoice } = found;
      noStore(res)
        .set({ 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${invoice.number}.pdf"` })
        .send(await services.billing.desk.pdf(invoice));
    })
    .all(methodNotAllowed(['GET', 'HEAD']));

  router
    .route('/portal/invoices/:id/checkout')
    .all(requireClient)
    .post(async (req, res) => {
      const outcome = await startCardCheckout(services, emailOf(res), invoiceIdOf(req));
      switch (outcome.kind) {
        case 'not-found':
          throw new HttpError(404, NOT_FOUND);
        case 'not-set-up':
          throw new HttpError(503, CARDS_NOT_SET_UP);
        case 'void':
          throw new HttpError(409, 'This invoice is void');
        case 'nothing-due':
          throw new HttpError(409, 'Nothing is due on this invoice');
        case 'unavailable': {
          // Never a 500: what is due and how else to pay it, the same words the page shows.
          const due = formatMoney(outcome.amountDueCents, outcome.currency);
          noStore(res)
            .status(503)
            .set('Retry-After', '60')
            .json({
              message: outcome.paymentInstructions
                ? `${CARDS_DOWN} You can pay the ${due} by bank transfer instead: ${outcome.paymentInstructions}`
                : `${CARDS_DOWN} Please try again in a few minutes, or reply to the studio to pay the ${due} another way.`,
              paymentInstructions: outcome.paymentInstructions,
              amountDueCents: outcome.amountDueCents,
            });
          return;
        }
        case 'checkout':
          noStore(res).json({ url: outcome.url });
      }
    })
    .all(methodNotAllowed(['POST']));

  return router;
}

/** `POST /api/payments/stripe/webhook`: the raw body, its signature checked; each event applied once. */
export function stripeWebhookHandler(services: Services) {
  return async (req: Request, res: Response) => {
    if (!services.billing.cardPayments) throw new HttpError(404, 'Card payments are not set up');
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const outcome = await services.billing.cardPayments.receiveWebhook(raw, req.get('stripe-signature') ?? undefined);
    if (outcome.kind === 'refused') throw new HttpError(400, outcome.message);
    // A goal, but Stripe's request is no visit (decision 113); applied once, as the event is.
    if (outcome.kind === 'applied' && outcome.payment) services.insights.recordGoal('payment_made', null);
    noStore(res).json({ received: true });
  };
}
