import { paragraphs } from './fields.ts';
import { z } from '#common/zod.ts';

/*
 * How the studio bills (issue 30): its invoice numbers' prefix, its one currency, the deposit it
 * asks before work starts, the days it gives to pay, whether deliveries wait for payment, and what
 * a client reads about paying by bank transfer or cash. The currencies are those written with two
 * decimals, since every amount is kept in cents.
 */
export const BILLING_CURRENCIES = ['USD', 'CAD', 'EUR', 'GBP', 'AUD', 'NZD', 'CHF', 'SEK', 'NOK', 'DKK'] as const;

export const billingSchema = z.strictObject({
  invoicePrefix: z
    .string({ error: 'Invoice prefix is required' })
    .trim()
    .regex(/^[A-Z0-9]{2,8}$/, 'Invoice prefix must be 2 to 8 capital letters or digits, like ATL'),
  currency: z.enum(BILLING_CURRENCIES, { error: `Currency must be one of ${BILLING_CURRENCIES.join(', ')}` }),
  /** 0: a project is invoiced in full; otherwise a deposit of this share and a balance. */
  depositPercent: z
    .number({ error: 'Deposit must be a percent' })
    .int('Deposit must be a whole percent')
    .min(0, 'Deposit must be 0 to 100 %')
    .max(100, 'Deposit must be 0 to 100 %'),
  paymentTermsDays: z
    .number({ error: 'Days to pay must be a number' })
    .int('Days to pay must be whole days')
    .min(0, 'Days to pay must be 0 or more')
    .max(120, 'Days to pay must be at most 120'),
  /** The first payment reminder comes this many days before an invoice's due date (0: none before it). */
  reminderDaysBefore: z
    .number({ error: 'Reminder days must be a number' })
    .int('Reminder days must be whole days')
    .min(0, 'Reminder days must be 0 or more')
    .max(30, 'Reminder days must be at most 30')
    .default(3),
  /** New projects start with their deliveries locked until paid (the owner may unlock one by hand). */
  lockDeliveries: z.boolean({ error: 'Lock deliveries must be on or off' }),
  /** Bank details or how to pay in person; shown to clients with what they owe. Empty: card only. */
  paymentInstructions: paragraphs('Payment instructions', 2000, { min: 0 }),
});

export type Billing = z.infer<typeof billingSchema>;
