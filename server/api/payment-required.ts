import { formatMoney } from '#common/billing/money.ts';
import { HttpError } from '#server/http/errors.ts';

/**
 * 402 Payment Required: a delivery of a project that still owes money. The body says how much, in
 * words and in cents (`amountDueCents`), so the portal can show the lock and "Pay now".
 */
export class PaymentRequired extends HttpError {
  constructor(amountDueCents: number, currency: string) {
    super(
      402,
      `The delivered files open once the balance is paid: ${formatMoney(amountDueCents, currency)} is due.`,
      undefined,
      undefined,
      {
        amountDueCents,
      },
    );
  }
}
