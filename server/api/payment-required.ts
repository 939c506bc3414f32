import { formatMoney } from '#common/billing/money.ts';
import { DEPOSIT_GATE_MESSAGE } from '#common/billing/payment-plan.ts';
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

/** 402 for a client's upload while the project's work waits for its deposit (decision 103): the words and what the deposit asks. */
export class DepositRequired extends HttpError {
  constructor(amountDueCents: number) {
    super(402, DEPOSIT_GATE_MESSAGE, undefined, undefined, { amountDueCents });
  }
}
