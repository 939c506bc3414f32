import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/*
 * A local Stripe-compatible server for tests and journeys (Stripe cannot be reached from here). It
 * answers the calls this site makes (creating a Checkout Session), records what it was sent, serves
 * a small hosted checkout page whose "Pay" completes the session, and delivers webhooks signed
 * with the Stripe library's own test header, so the site's signature check is the real one.
 */

export interface RecordedCall {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
}

export interface FakeSession {
  id: string;
  amountTotal: number;
  currency: string;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  paymentIntent: string | null;
  customerEmail: string | null;
}

export interface DeliveryOptions {
  id?: string;
  badSignature?: boolean;
  /** The event's `created` (Unix seconds); now by default. */
  created?: number;
  /** When the Stripe-Signature header says it was signed (Unix seconds); now by default. */
  signedAt?: number;
}

export interface StripeServer {
  /** `http://127.0.0.1:{port}`: STRIPE_API_BASE for the site. */
  url: string;
  calls: RecordedCall[];
  sessions: Map<string, FakeSession>;
  /** Where webhooks go, and the secret they are signed with. */
  webhook: { url: string | null; secret: string };
  /** While true, creating a Checkout Session answers Stripe's 500 `api_error` (an outage). */
  outage: { checkouts: boolean };
  /** Marks a session paid and delivers `checkout.session.completed` (what the hosted page's Pay does). */
  pay(sessionId: string): Promise<{ status: number; event: Stripe.Event }>;
  /** The session as its completion event carries it, paid (its payment intent given), without delivering it. */
  paidSession(sessionId: string): Record<string, unknown>;
  /** Delivers any event, signed (or with a wrong signature, to test the refusal). */
  deliver(type: string, object: Record<string, unknown>, options?: DeliveryOptions): Promise<{ status: number; event: Stripe.Event }>;
  close(): Promise<void>;
}

const stripe = new Stripe('sk_test_signing_only');
const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sessionObject(session: FakeSession, paid: boolean) {
  return {
    id: session.id,
    object: 'checkout.session',
    mode: 'payment',
    status: paid ? 'complete' : 'open',
    payment_status: paid ? 'paid' : 'unpaid',
    amount_total: session.amountTotal,
    currency: session.currency,
    metadata: session.metadata,
    client_reference_id: session.metadata.invoiceId ?? null,
    customer_email: session.customerEmail,
    payment_intent: session.paymentIntent,
    success_url: session.successUrl,
    cancel_url: session.cancelUrl,
  };
}

/** `port`: a fixed one (the e2e servers choose theirs up front); by default any free port. */
export async function startStripeServer(
  options: { webhookSecret?: string; webhookUrl?: string; port?: number } = {},
): Promise<StripeServer> {
  const calls: RecordedCall[] = [];
  const sessions = new Map<string, FakeSession>();
  const webhook = { url: options.webhookUrl ?? null, secret: options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}` };
  const outage = { checkouts: false };
  let base = '';

  async function deliver(type: string, object: Record<string, unknown>, opts: DeliveryOptions = {}) {
    if (!webhook.url) throw new Error('no webhook URL set');
    const event = {
      id: opts.id ?? newId('evt'),
      object: 'event',
      api_version: '2025-01-01',
      created: opts.created ?? Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    } as unknown as Stripe.Event;
    const payload = JSON.stringify(event);
    const header = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: opts.badSignature ? 'whsec_wrong' : webhook.secret,
      ...(opts.signedAt === undefined ? {} : { timestamp: opts.signedAt }),
    });
    const response = await fetch(webhook.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header },
      body: payload,
    });
    return { status: response.status, event };
  }

  function paidSession(sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    session.paymentIntent ??= newId('pi');
    return sessionObject(session, true);
  }

  async function pay(sessionId: string) {
    return deliver('checkout.session.completed', paidSession(sessionId));
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    const body = await readBody(req);
    const reply = (status: number, json: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const form = new URLSearchParams(body);
      calls.push({ method: 'POST', path: url.pathname, form, idempotencyKey: req.headers['idempotency-key'] as string | undefined });
      if (!/^Bearer sk_test_\w+$/.test(req.headers.authorization ?? ''))
        return reply(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      if (outage.checkouts) return reply(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const match = /^metadata\[(\w+)\]$/.exec(key);
        if (match) metadata[match[1]!] = value;
      }
      const session: FakeSession = {
        id: newId('cs'),
        amountTotal: Number(form.get('line_items[0][price_data][unit_amount]')),
        currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
        metadata,
        successUrl: form.get('success_url') ?? '',
        cancelUrl: form.get('cancel_url') ?? '',
        paymentIntent: null,
        customerEmail: form.get('customer_email'),
      };
      sessions.set(session.id, session);
      return reply(200, { ...sessionObject(session, false), url: `${base}/pay/${session.id}` });
    }
    // The hosted checkout page: what a client sees on Stripe, reduced to the amount and a Pay button.
    const page = /^\/pay\/(cs_test_\w+)$/.exec(url.pathname);
    const session = page ? sessions.get(page[1]!) : undefined;
    if (page && session && req.method === 'GET') {
      const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: session.currency.toUpperCase() }).format(
        session.amountTotal / 100,
      );
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><title>Test checkout</title><main><h1>Pay ${amount}</h1>` +
          `<form method="post"><button type="submit">Pay ${amount}</button></form>` +
          `<a href="${session.cancelUrl}">Back</a></main></html>`,
      );
      return;
    }
    if (page && session && req.method === 'POST') {
      const delivered = await pay(session.id);
      if (delivered.status >= 300) return reply(502, { error: { message: `webhook answered ${delivered.status}` } });
      res.writeHead(303, { Location: session.successUrl });
      res.end();
      return;
    }
    reply(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    calls,
    sessions,
    webhook,
    outage,
    pay,
    paidSession,
    deliver,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
