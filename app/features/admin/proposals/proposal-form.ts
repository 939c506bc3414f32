import type { DueRule } from '#common/billing/payment-plan.ts';
import { centsToInput, parseMoneyInput, parsePercentInput } from '#common/billing/money-input.ts';
import type { AdminProposalView, CreateProposalInput, ProposalOption, ProposalTemplateView } from '#common/proposals.ts';

/*
 * The proposal editor's form as the owner types it (dollars as text, rows of extras and options)
 * and the API's input made from it. A template fills the form's terms, never the client.
 */

export interface ExtraRow {
  label: string;
  dollars: string;
}

export interface OptionRow {
  key: string;
  label: string;
  /** A package in place of the proposal's, or an add-on with its price. */
  kind: 'package' | 'addon';
  packageKey: string;
  dollars: string;
}

export interface ProposalFormValues {
  clientName: string;
  clientEmail: string;
  artistName: string;
  title: string;
  packageKey: string;
  songs: string;
  extras: ExtraRow[];
  options: OptionRow[];
  depositPercent: string;
  balanceDue: DueRule['rule'];
  balanceDate: string;
  balanceDays: string;
  depositGatesUploads: boolean;
  taxPercent: string;
  discount: string;
  message: string;
  expiresOn: string;
  bookingId: number | null;
  contactSubmissionId: number | null;
  projectId: number | null;
}

const dollarsOf = (cents: number) => centsToInput(cents).replace(/\.00$/, '');

export const emptyProposalForm = (packageKey: string, depositPercent: number): ProposalFormValues => ({
  clientName: '',
  clientEmail: '',
  artistName: '',
  title: '',
  packageKey,
  songs: '1',
  extras: [],
  options: [],
  depositPercent: String(depositPercent),
  balanceDue: 'before_delivery',
  balanceDate: '',
  balanceDays: '14',
  depositGatesUploads: false,
  taxPercent: '0',
  discount: '0',
  message: '',
  expiresOn: '',
  bookingId: null,
  contactSubmissionId: null,
  projectId: null,
});

const optionRowOf = (option: ProposalOption): OptionRow => ({
  key: option.key,
  label: option.label,
  kind: option.packageKey ? 'package' : 'addon',
  packageKey: option.packageKey ?? '',
  dollars: option.amountCents === undefined ? '' : dollarsOf(option.amountCents),
});

function dueFields(due: DueRule): Pick<ProposalFormValues, 'balanceDue' | 'balanceDate' | 'balanceDays'> {
  return {
    balanceDue: due.rule,
    balanceDate: due.rule === 'on_date' ? due.date : '',
    balanceDays: due.rule === 'days_after_delivery' ? String(due.days) : '14',
  };
}

export function formOfProposal(proposal: AdminProposalView): ProposalFormValues {
  return {
    clientName: proposal.clientName,
    clientEmail: proposal.clientEmail,
    artistName: proposal.artistName,
    title: proposal.title,
    packageKey: proposal.packageKey,
    songs: String(proposal.songs),
    extras: proposal.extras.map((extra) => ({ label: extra.label, dollars: dollarsOf(extra.amountCents) })),
    options: proposal.options.map(optionRowOf),
    depositPercent: String(proposal.depositPercent),
    ...dueFields(proposal.balanceDue),
    depositGatesUploads: proposal.depositGatesUploads,
    taxPercent: String(proposal.taxPercent),
    discount: dollarsOf(proposal.discountCents),
    message: proposal.message,
    expiresOn: proposal.expiresOn ?? '',
    bookingId: proposal.bookingId,
    contactSubmissionId: proposal.contactSubmissionId,
    projectId: proposal.projectId,
  };
}

/** The template's terms over the form; the client, the title and where it came from stay. */
export function withTemplate(values: ProposalFormValues, template: ProposalTemplateView, today: string): ProposalFormValues {
  const expires = new Date(`${today}T12:00:00Z`);
  expires.setUTCDate(expires.getUTCDate() + template.validDays);
  return {
    ...values,
    packageKey: template.packageKey,
    songs: String(template.songs),
    extras: template.extras.map((extra) => ({ label: extra.label, dollars: dollarsOf(extra.amountCents) })),
    options: template.options.map(optionRowOf),
    depositPercent: String(template.depositPercent),
    ...dueFields(template.balanceDue),
    depositGatesUploads: template.depositGatesUploads,
    taxPercent: String(template.taxPercent),
    message: template.message || values.message,
    expiresOn: expires.toISOString().slice(0, 10),
  };
}

/** A key for an option from its label: "Add stems" is `add-stems`. */
export const optionKeyOf = (label: string, taken: readonly string[]): string => {
  const base =
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 32) || 'option';
  let key = base;
  for (let n = 2; taken.includes(key); n += 1) key = `${base}-${n}`;
  return key;
};

const numberOr = (text: string, fallback: number) => {
  const value = Number(text.trim());
  return text.trim() === '' || !Number.isFinite(value) ? fallback : value;
};
const cents = (text: string) => parseMoneyInput(text) ?? Number.NaN;

function balanceDueOf(values: ProposalFormValues): DueRule {
  if (values.balanceDue === 'on_date') return { rule: 'on_date', date: values.balanceDate };
  if (values.balanceDue === 'days_after_delivery') return { rule: 'days_after_delivery', days: numberOr(values.balanceDays, 0) };
  return { rule: values.balanceDue };
}

/** The API's input. Numbers the owner left unreadable go as NaN, so the server names the field. */
export function inputOfForm(values: ProposalFormValues): CreateProposalInput {
  return {
    clientName: values.clientName,
    clientEmail: values.clientEmail,
    artistName: values.artistName,
    title: values.title,
    packageKey: values.packageKey,
    songs: numberOr(values.songs, Number.NaN),
    extras: values.extras.map((extra) => ({ label: extra.label, amountCents: cents(extra.dollars) })),
    options: values.options.map((option) =>
      option.kind === 'package'
        ? {
            key: option.key,
            label: option.label,
            packageKey: option.packageKey,
            ...(option.dollars.trim() ? { amountCents: cents(option.dollars) } : {}),
          }
        : { key: option.key, label: option.label, amountCents: cents(option.dollars) },
    ),
    depositPercent: numberOr(values.depositPercent, Number.NaN),
    balanceDue: balanceDueOf(values),
    depositGatesUploads: values.depositGatesUploads,
    taxPercent: parsePercentInput(values.taxPercent) ?? Number.NaN,
    discountCents: values.discount.trim() === '' ? 0 : cents(values.discount),
    message: values.message,
    expiresOn: values.expiresOn || null,
    bookingId: values.bookingId,
    contactSubmissionId: values.contactSubmissionId,
    projectId: values.projectId,
  };
}

/** The template saved from the form: its terms, named by the owner. */
export function templateOfForm(values: ProposalFormValues, name: string, validDays: number) {
  const input = inputOfForm(values);
  return {
    name,
    packageKey: input.packageKey,
    songs: input.songs,
    extras: input.extras,
    options: input.options,
    depositPercent: input.depositPercent,
    balanceDue: input.balanceDue,
    depositGatesUploads: input.depositGatesUploads,
    taxPercent: input.taxPercent,
    message: input.message,
    validDays,
  };
}
