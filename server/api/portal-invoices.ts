import { Router, type Request, type Response } from 'express';
import type { Services } from '#server/context.ts';
import { HttpError, methodNotAllowed } from '#server/http/errors.ts';
import { requireClient } from '#server/http/require-client.ts';
import { parseIdParam } from '#server/http/validation.ts';
import type { PortalClient } from '#server/projects/client-sessions.ts';
import { portalProjectGuard } from './portal-access.ts';
import { portalBillingView } from '#server/billing/portal-billing.ts';

const NOT_FOUND = 'Invoice not found';
const noStore = (res: Response) => res.set('Cache-Control', 'no-store');

/**
 * What a client owes and pays (decision 093): the project's sent invoices, each as a PDF, and card
 * payment through Stripe Checkout for what is still due. Only the invited client sees them; anyone
 * else's invoice is a 404, like one that does not exist.
 */
export function portalInvoicesRouter(services: Services): Router {
  const router = Router();
  const { invoices, billing, cardPayments, projects } = services;
  const projectFor = portalProjectGuard(services);

  /** The client's own invoice (sent, never a draft), or 404. */
  async function ownInvoice(res: Response, id: string | string[] | undefined) {
    const invoice = await invoices.get(parseIdParam(id, NOT_FOUND));
    if (!invoice || invoice.state === 'draft') throw new HttpError(404, NOT_FOUND);
    const { email } = res.locals.client as PortalClient;
    const access = await projects.accessTo(email, invoice.projectId);
    if (access !== 'client') throw new HttpError(404, NOT_FOUND);
    return invoice;
  }

  router
    .route('/portal/projects/:id/invoices')
    .all(requireClient)
    .get(async (req, res) => {
      const { projectId } = await projectFor(req, res, 'manage');
      noStore(res).json(await portalBillingView(services, projectId));
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/portal/invoices/:id.pdf')
    .all(requireClient)
    .get(async (req, res) => {
      const invoice = await ownInvoice(res, req.params.id);
      noStore(res)
        .set({ 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${invoice.number}.pdf"` })
        .send(await billing.pdf(invoice));
    })
    .all(methodNotAllowed(['GET', 'HEAD']));

  router
    .route('/portal/invoices/:id/checkout')
    .all(requireClient)
    .post(async (req, res) => {
      const invoice = await ownInvoice(res, req.params.id);
      if (!cardPayments)
        throw new HttpError(
          503,
          'Card payments are not set up for this studio. Please pay as the invoice describes, or reply to the studio.',
        );
      if (invoice.amountDueCents <= 0)
        throw new HttpError(409, invoice.state === 'void' ? 'This invoice is void' : 'Nothing is due on this invoice');
      const project = await services.db
        .selectFrom('projects')
        .select(['clientEmail'])
        .where('id', '=', invoice.projectId)
        .executeTakeFirstOrThrow();
      const studio = await services.studioIdentity();
      const { url } = await cardPayments.checkout({
        invoice,
        clientEmail: project.clientEmail,
        studioName: studio.name,
        returnUrl: `${services.config.PUBLIC_URL}/portal/projects/${invoice.projectId}`,
      });
      noStore(res).json({ url });
    })
    .all(methodNotAllowed(['POST']));

  return router;
}

/** `POST /api/payments/stripe/webhook`: the raw body, its signature checked; each event applied once. */
export function stripeWebhookHandler(services: Services) {
  return async (req: Request, res: Response) => {
    if (!services.cardPayments) throw new HttpError(404, 'Card payments are not set up');
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const outcome = await services.cardPayments.receiveWebhook(raw, req.get('stripe-signature') ?? undefined);
    if (outcome.kind === 'refused') throw new HttpError(400, outcome.message);
    noStore(res).json({ received: true });
  };
}
