import sharp from 'sharp';
import type { InvoiceView } from '#common/billing/invoices.ts';
import type { SiteContent } from '#common/site-content/sections.ts';
import { isTimeZone } from '#common/site-content/opening-hours.ts';
import type { MailingServices } from '#server/core-services.ts';
import { MailSender } from '#server/email/mail-sender.ts';
import { nextDueAt } from '#server/email/retried-mail.ts';
import type { BillingProjects } from './billing-projects.ts';
import { queueBillingEmails, sendDueBillingEmails } from './billing-emails.ts';
import { cardPaymentsFrom, type CardPayments } from './card-payments.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { sendDueStudioNotices } from './studio-notices.ts';
import { InvoiceService } from './invoices.ts';
import { invoiceViews } from './invoice-reads.ts';
import type { Invoice } from '#server/db/schema.ts';
import { Refunds } from './refunds.ts';
import { PaymentPlanService } from './payment-plans.ts';
import { amountHeldBeforeDelivery } from './plan-reads.ts';
import { moneyOverTime, type MoneyPoint, type MoneyStep } from './money-over-time.ts';

/** Getting paid before delivery (issue 30), built once per process by server/services.ts. */
export interface BillingCapability {
  invoices: InvoiceService;
  /** Money the owner gives back, and whether a refund locks the masters again (refunds.ts). */
  refunds: Refunds;
  /** Each project's payment plan: what the masters wait for, and the invoices made from it (decision 103). */
  plans: PaymentPlanService;
  /** Null when Stripe is not configured: clients then pay by the owner's instructions, recorded by hand. */
  cardPayments: CardPayments | null;
  billingEmails: MailSender;
  /** The owner's billing desk: the settings, the invoice PDF, the delivery lock. */
  desk: Billing;
}

export interface Billing {
  /** The invoice as a PDF, with the studio's and the client's details. */
  pdf(invoice: InvoiceView): Promise<Buffer>;
  /** Turns a project's delivery lock on or off; unlocking while something is owed tells the client the files are ready. */
  setDeliveryLock(projectId: number, locked: boolean): Promise<boolean>;
  /** The studio's billing settings (site content). */
  settings(): Promise<SiteContent['billing']>;
  /** Invoiced, paid and outstanding per step, in the studio's currency (the insights' chart). */
  moneyOverTime(steps: readonly MoneyStep[]): Promise<{ currency: string; points: MoneyPoint[] }>;
}

export function createBillingCapability(
  parts: MailingServices & {
    publicUrl: string;
    content: () => Promise<SiteContent>;
    /** The owner's logo as WebP at about `width` px, or null without one. */
    logo: (image: NonNullable<SiteContent['brand']['logo']>, width: number) => Promise<Buffer | null>;
    /** What billing reads and changes of a project: the projects capability answers (billing-projects.ts). */
    projects: BillingProjects;
    /** The client's time zone on record (the booking they made), or null: reminders then use the studio's. */
    clientZone?: (email: string) => Promise<string | null>;
    /** Where an engineer's copy of a money notice goes now, or null (auth answers: decision 121). */
    staffAddress?: (adminUserId: number, kind: 'payments') => Promise<string | null>;
  },
): BillingCapability {
  const { db, logger, config, publicUrl, content, projects } = parts;
  const billingEmails = new MailSender({
    // The client's e-mails and the studio's money notices (studio-notices.ts), in one pass.
    sendDue: async (now) => {
      const deps = { ...parts, publicUrl, pdf: async (invoice: Invoice) => billing.pdf((await invoiceViews(db, [invoice]))[0]!) };
      const client = await sendDueBillingEmails(deps, now);
      const studio = await sendDueStudioNotices(deps, now);
      return { sent: client.sent + studio.sent, failed: client.failed + studio.failed, skipped: client.skipped + studio.skipped };
    },
    nextDueAt: async () => {
      const times = [await nextDueAt(db, 'billingEmails'), await nextDueAt(db, 'billingNotices')].filter((at) => at !== null);
      return times.length === 0 ? null : new Date(Math.min(...times.map((at) => at.getTime())));
    },
    logger,
    label: 'billing e-mails',
  });
  const invoiceDefaults = async () => {
    const { billing, studio } = await content();
    return {
      prefix: billing.invoicePrefix,
      currency: billing.currency,
      paymentTermsDays: billing.paymentTermsDays,
      depositPercent: billing.depositPercent,
      reminderDaysBefore: billing.reminderDaysBefore,
      // A zone Temporal cannot read (none should reach here) falls back to the studio's, never to an error.
      timeZoneOf: async (email: string) => {
        const zone = email ? await parts.clientZone?.(email) : null;
        return zone && isTimeZone(zone) ? zone : studio.hours.timeZone;
      },
    };
  };
  const invoices = new InvoiceService(db, projects, invoiceDefaults, { queued: () => billingEmails.sendSoon() });
  const plans = new PaymentPlanService(db, projects, invoiceDefaults);

  const refunds = new Refunds(db, projects, { queued: () => billingEmails.sendSoon() });

  const billing: Billing = {
    async pdf(invoice) {
      const site = await content();
      const project = await projects.find(db, invoice.projectId);
      if (!project) throw new Error(`invoice ${invoice.id} names no project`);
      const { studio, brand } = site;
      const webp = brand.logo ? await parts.logo(brand.logo, 480) : null;
      const logoPng = webp ? await sharp(webp).png().toBuffer() : null;
      const cityLine = `${studio.location.city}, ${studio.location.region} ${studio.postalCode}`.trim();
      return invoicePdf(invoice, {
        studio: {
          name: studio.name,
          email: studio.email,
          addressLines: [studio.streetAddress, cityLine, studio.location.country].filter((line) => line !== ''),
          logoPng,
        },
        client: { name: project.clientName, email: project.clientEmail },
        projectTitle: project.title,
        paymentInstructions: site.billing.paymentInstructions,
      });
    },
    async setDeliveryLock(projectId, locked) {
      const changed = await db.transaction().execute(async (trx) => {
        const switched = await projects.switchDeliveryLock(trx, projectId, locked);
        if (locked || !switched) return false;
        // The masters were waiting (the plan or a sent invoice held them) and are there: the client is told once.
        if ((await amountHeldBeforeDelivery(trx, projectId)) === 0 || !(await projects.hasDeliveries(trx, projectId))) return false;
        const latest = await trx
          .selectFrom('invoices')
          .selectAll()
          .where('projectId', '=', projectId)
          .where('state', '!=', 'void')
          .orderBy('id', 'desc')
          .executeTakeFirst();
        if (latest) await queueBillingEmails(trx, latest, 'unlocked', new Date());
        return latest !== undefined;
      });
      if (changed) billingEmails.sendSoon();
      return (await projects.find(db, projectId))?.deliveryLocked === true;
    },
    async settings() {
      return (await content()).billing;
    },
    async moneyOverTime(steps) {
      const { currency } = (await content()).billing;
      return { currency, points: await moneyOverTime(db, currency, steps) };
    },
  };
  const cardPayments = cardPaymentsFrom(db, projects, config, logger, () => billingEmails.sendSoon());
  return { invoices, refunds, plans, cardPayments, billingEmails, desk: billing };
}
