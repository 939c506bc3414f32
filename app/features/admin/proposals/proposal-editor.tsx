import { Copy, ExternalLink, FileText, Plus, Send, Trash2, Undo2 } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '#app/components/ui/button.tsx';
import { FormField, inputClasses } from '#app/components/ui/form-field.tsx';
import { api } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';
import { formatMoney } from '#common/billing/money.ts';
import {
  partWords,
  PROPOSAL_STATE_LABELS,
  quoteProposal,
  type AdminProposalView,
  type PricedPackage,
  type ProposalTemplateView,
} from '#common/proposals.ts';
import type { FieldErrors } from '#common/validation.ts';
import {
  emptyProposalForm,
  formOfProposal,
  inputOfForm,
  optionKeyOf,
  templateOfForm,
  withTemplate,
  type ProposalFormValues,
} from './proposal-form.ts';

interface Props {
  /** `new`, or the proposal's id. */
  id: string;
  packages: PricedPackage[];
  currency: string;
  defaultDepositPercent: number;
  templates: ProposalTemplateView[];
  onTemplatesChanged: () => void;
  /** Where it was opened from (`?booking=`, `?enquiry=`, `?project=`): the client's details come from there. */
  from: { booking: number | null; enquiry: number | null; project: number | null };
}

const today = () => new Date().toISOString().slice(0, 10);
const labelClass = 'text-sm font-medium text-fg';

/** The owner's proposal: a draft's every field, the sums as the client will see them, and send, resend, withdraw, duplicate. */
export function ProposalEditor({ id, packages, currency, defaultDepositPercent, templates, onTemplatesChanged, from }: Props) {
  const ids = useId();
  const navigate = useNavigate();
  const [proposal, setProposal] = useState<AdminProposalView | null>(null);
  const [values, setValues] = useState<ProposalFormValues>(() => emptyProposalForm(packages[0]?.key ?? '', defaultDepositPercent));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const editable = proposal === null || proposal.state === 'draft';
  const set = <K extends keyof ProposalFormValues>(key: K, value: ProposalFormValues[K]) => setValues((old) => ({ ...old, [key]: value }));
  const money = (cents: number) => formatMoney(cents, currency);

  useEffect(() => {
    if (id === 'new') {
      void prefill(from).then((filled) => setValues((old) => ({ ...old, ...filled })));
      return;
    }
    void api<AdminProposalView>('GET', `/api/admin/proposals/${id}`).then((answer) => {
      if (answer.ok) {
        setProposal(answer.data);
        setValues(formOfProposal(answer.data));
      } else toast({ title: answer.serverMessage ?? 'The proposal could not be read', variant: 'destructive' });
    });
  }, [id, from]);

  const input = useMemo(() => inputOfForm(values), [values]);
  const quoted = quoteProposal(
    {
      ...input,
      songs: Number.isFinite(input.songs) ? input.songs : 1,
      taxPercent: Number.isFinite(input.taxPercent) ? input.taxPercent : 0,
    },
    packages,
  );
  const quote = quoted.kind === 'quote' && Number.isFinite(quoted.quote.totalCents) ? quoted.quote : null;

  async function save(): Promise<AdminProposalView | null> {
    setBusy(true);
    const answer =
      proposal === null
        ? await api<AdminProposalView>('POST', '/api/admin/proposals', input)
        : await api<AdminProposalView>('PATCH', `/api/admin/proposals/${proposal.id}`, input);
    setBusy(false);
    if (!answer.ok) {
      setErrors(answer.errors);
      toast({ title: answer.serverMessage ?? 'The proposal could not be saved', variant: 'destructive' });
      return null;
    }
    setErrors({});
    setProposal(answer.data);
    if (proposal === null) void navigate(`/manage/proposals/${answer.data.id}`, { replace: true });
    return answer.data;
  }

  async function act(action: 'send' | 'withdraw' | 'duplicate') {
    const saved = editable ? await save() : proposal;
    if (!saved) return;
    setBusy(true);
    const answer = await api<AdminProposalView>('POST', `/api/admin/proposals/${saved.id}/${action}`);
    setBusy(false);
    if (!answer.ok) {
      toast({ title: answer.serverMessage ?? 'That did not work', variant: 'destructive' });
      return;
    }
    if (action === 'duplicate') {
      toast({ title: 'Copied as a new draft' });
      void navigate(`/manage/proposals/${answer.data.id}`);
      return;
    }
    setProposal(answer.data);
    toast({ title: action === 'send' ? `Sent to ${answer.data.clientEmail}` : 'Withdrawn: the link now says so' });
  }

  async function saveTemplate() {
    const name = window.prompt('Name the template', packages.find((pkg) => pkg.key === values.packageKey)?.name ?? '');
    if (!name) return;
    const answer = await api('POST', '/api/admin/proposal-templates', templateOfForm(values, name, 14));
    if (answer.ok) {
      toast({ title: `Template “${name}” saved` });
      onTemplatesChanged();
    } else toast({ title: answer.serverMessage ?? 'The template could not be saved', variant: 'destructive' });
  }

  const field = (key: string) => errors[key]?.[0];
  const words = quote
    ? partWords(
        input,
        quote.parts.map((part) => part.kind),
      )
    : [];

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <Link to="/manage/proposals" className="text-sm text-accent underline-offset-4 hover:underline">
            All proposals
          </Link>
          <h2 className="mt-1 text-2xl font-bold text-fg">{proposal ? proposal.title || 'Untitled proposal' : 'New proposal'}</h2>
          {proposal ? (
            <p className="text-sm text-fg-muted" data-testid="proposal-state">
              {PROPOSAL_STATE_LABELS[proposal.state]}
              {proposal.viewCount > 0 ? ` · opened ${proposal.viewCount} ${proposal.viewCount === 1 ? 'time' : 'times'}` : ''}
              {proposal.signature ? ` · signed by ${proposal.signature.signatureName}` : ''}
            </p>
          ) : null}
        </div>
        {editable && templates.length > 0 ? (
          <div className="grid gap-1">
            <label htmlFor={`${ids}-template`} className={labelClass}>
              Start from a template
            </label>
            <select
              id={`${ids}-template`}
              className={inputClasses}
              defaultValue=""
              onChange={(event) => {
                const template = templates.find((candidate) => String(candidate.id) === event.target.value);
                if (template) setValues((old) => withTemplate(old, template, today()));
              }}
            >
              <option value="">Choose…</option>
              {templates.map((template) => (
                <option key={template.id} value={template.id}>
                  {template.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>

      {proposal?.url ? (
        <div className="flex flex-wrap items-center gap-2 rounded-xl border border-line bg-surface-raised p-3 text-sm">
          <span className="text-fg-muted">The client’s link:</span>
          <code className="min-w-0 grow truncate text-fg" data-testid="proposal-link">
            {proposal.url}
          </code>
          <button
            type="button"
            className={buttonClasses('ghost', 'sm')}
            onClick={() => void navigator.clipboard.writeText(proposal.url ?? '').then(() => toast({ title: 'Link copied' }))}
          >
            <Copy aria-hidden className="size-4" /> Copy
          </button>
          <a href={proposal.url} target="_blank" rel="noreferrer" className={buttonClasses('ghost', 'sm')}>
            <ExternalLink aria-hidden className="size-4" /> Open as the client
          </a>
        </div>
      ) : null}

      <fieldset disabled={!editable || busy} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid content-start gap-5">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput
              id={`${ids}-name`}
              label="Client name"
              value={values.clientName}
              onChange={(v) => set('clientName', v)}
              error={field('clientName')}
              autoComplete="off"
            />
            <TextInput
              id={`${ids}-email`}
              label="Client e-mail"
              type="email"
              value={values.clientEmail}
              onChange={(v) => set('clientEmail', v)}
              error={field('clientEmail')}
              autoComplete="off"
            />
            <TextInput
              id={`${ids}-artist`}
              label="Artist or band (optional)"
              value={values.artistName}
              onChange={(v) => set('artistName', v)}
              error={field('artistName')}
            />
            <TextInput
              id={`${ids}-title`}
              label="Title"
              value={values.title}
              onChange={(v) => set('title', v)}
              error={field('title')}
              placeholder="Night Drive EP"
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem]">
            <FormField id={`${ids}-package`} label="Package" error={field('packageKey')}>
              {(control) => (
                <select
                  {...control}
                  className={inputClasses}
                  value={values.packageKey}
                  onChange={(event) => set('packageKey', event.target.value)}
                >
                  {packages.map((pkg) => (
                    <option key={pkg.key} value={pkg.key}>
                      {pkg.name} ({money(pkg.price * 100)} per song)
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <TextInput
              id={`${ids}-songs`}
              label="Songs"
              inputMode="numeric"
              value={values.songs}
              onChange={(v) => set('songs', v)}
              error={field('songs')}
            />
          </div>

          <RowsEditor
            title="Extras (always included)"
            addLabel="Add an extra"
            rows={values.extras}
            onAdd={() => set('extras', [...values.extras, { label: '', dollars: '' }])}
            onRemove={(index) =>
              set(
                'extras',
                values.extras.filter((_, at) => at !== index),
              )
            }
            render={(row, index) => (
              <div className="grid grow gap-2 sm:grid-cols-[minmax(0,1fr)_8rem]">
                <input
                  aria-label={`Extra ${index + 1}`}
                  className={inputClasses}
                  value={row.label}
                  placeholder="Extra revision round"
                  onChange={(event) =>
                    set(
                      'extras',
                      values.extras.map((old, at) => (at === index ? { ...old, label: event.target.value } : old)),
                    )
                  }
                />
                <input
                  aria-label={`Extra ${index + 1} price`}
                  className={inputClasses}
                  inputMode="decimal"
                  value={row.dollars}
                  placeholder="$"
                  onChange={(event) =>
                    set(
                      'extras',
                      values.extras.map((old, at) => (at === index ? { ...old, dollars: event.target.value } : old)),
                    )
                  }
                />
              </div>
            )}
          />

          <RowsEditor
            title="Options the client may choose"
            addLabel="Add an option"
            rows={values.options}
            onAdd={() =>
              set('options', [
                ...values.options,
                {
                  key: optionKeyOf(
                    'option',
                    values.options.map((o) => o.key),
                  ),
                  label: '',
                  kind: 'addon',
                  packageKey: packages[0]?.key ?? '',
                  dollars: '',
                },
              ])
            }
            onRemove={(index) =>
              set(
                'options',
                values.options.filter((_, at) => at !== index),
              )
            }
            render={(row, index) => (
              <div className="grid grow gap-2 sm:grid-cols-[11rem_minmax(0,1fr)_11rem]">
                <select
                  aria-label={`Option ${index + 1} kind`}
                  className={inputClasses}
                  value={row.kind}
                  onChange={(event) => updateOption(index, { kind: event.target.value as 'package' | 'addon' })}
                >
                  <option value="addon">Add-on</option>
                  <option value="package">Other package</option>
                </select>
                <input
                  aria-label={`Option ${index + 1}`}
                  className={inputClasses}
                  value={row.label}
                  placeholder={row.kind === 'package' ? 'Premium instead' : 'Stems of every song'}
                  onChange={(event) =>
                    updateOption(index, {
                      label: event.target.value,
                      key: optionKeyOf(
                        event.target.value,
                        values.options.filter((_, at) => at !== index).map((o) => o.key),
                      ),
                    })
                  }
                />
                {row.kind === 'package' ? (
                  <select
                    aria-label={`Option ${index + 1} package`}
                    className={inputClasses}
                    value={row.packageKey}
                    onChange={(event) => updateOption(index, { packageKey: event.target.value })}
                  >
                    {packages.map((pkg) => (
                      <option key={pkg.key} value={pkg.key}>
                        {pkg.name}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    aria-label={`Option ${index + 1} price`}
                    className={inputClasses}
                    inputMode="decimal"
                    value={row.dollars}
                    placeholder="$"
                    onChange={(event) => updateOption(index, { dollars: event.target.value })}
                  />
                )}
              </div>
            )}
          />

          <div className="grid items-start gap-4 sm:grid-cols-3">
            <TextInput
              id={`${ids}-deposit`}
              label="Deposit %"
              inputMode="numeric"
              value={values.depositPercent}
              onChange={(v) => set('depositPercent', v)}
              error={field('depositPercent')}
            />
            <TextInput
              id={`${ids}-tax`}
              label="Tax %"
              inputMode="decimal"
              value={values.taxPercent}
              onChange={(v) => set('taxPercent', v)}
              error={field('taxPercent')}
              hint="Up to three decimals, like 8.875"
            />
            <TextInput
              id={`${ids}-discount`}
              label="Discount ($)"
              inputMode="decimal"
              value={values.discount}
              onChange={(v) => set('discount', v)}
              error={field('discountCents')}
            />
          </div>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <FormField id={`${ids}-balance`} label="Balance due" error={field('balanceDue')}>
              {(control) => (
                <select
                  {...control}
                  className={inputClasses}
                  value={values.balanceDue}
                  onChange={(event) => set('balanceDue', event.target.value as ProposalFormValues['balanceDue'])}
                >
                  <option value="before_delivery">Before the masters are delivered</option>
                  <option value="on_date">On a date</option>
                  <option value="days_after_delivery">Days after delivery</option>
                </select>
              )}
            </FormField>
            {values.balanceDue === 'on_date' ? (
              <TextInput
                id={`${ids}-balance-date`}
                label="Balance due on"
                type="date"
                value={values.balanceDate}
                onChange={(v) => set('balanceDate', v)}
              />
            ) : values.balanceDue === 'days_after_delivery' ? (
              <TextInput
                id={`${ids}-balance-days`}
                label="Days after delivery"
                inputMode="numeric"
                value={values.balanceDays}
                onChange={(v) => set('balanceDays', v)}
              />
            ) : (
              <TextInput
                id={`${ids}-expires`}
                label="Open until"
                type="date"
                value={values.expiresOn}
                onChange={(v) => set('expiresOn', v)}
                error={field('expiresOn')}
                hint="Empty: two weeks from sending"
              />
            )}
          </div>
          <label className="flex items-center gap-3 text-sm text-fg">
            <input
              type="checkbox"
              checked={values.depositGatesUploads}
              onChange={(event) => set('depositGatesUploads', event.target.checked)}
              className="size-4"
            />
            The client’s uploads open once the deposit is paid
          </label>
          <FormField id={`${ids}-message`} label="Message to the client" error={field('message')}>
            {(control) => (
              <textarea
                {...control}
                rows={4}
                className={inputClasses}
                value={values.message}
                onChange={(event) => set('message', event.target.value)}
              />
            )}
          </FormField>
        </div>

        <aside
          className="grid content-start gap-3 self-start rounded-2xl border border-line bg-surface p-5 lg:sticky lg:top-4"
          aria-label="What the client pays"
        >
          <h3 className="text-base font-semibold text-fg">The client sees</h3>
          {quote ? (
            <>
              <ul className="grid gap-1 text-sm">
                {quote.lines.map((line) => (
                  <li key={line.label} className="flex justify-between gap-3 text-fg-muted">
                    <span>{line.label}</span>
                    <span className="tabular-nums">{money(line.amountCents)}</span>
                  </li>
                ))}
              </ul>
              <p className="flex justify-between border-t border-line pt-2 font-semibold text-fg">
                <span>Total</span>
                <span className="tabular-nums" data-testid="editor-total">
                  {money(quote.totalCents)}
                </span>
              </p>
              <ul className="grid gap-1 text-xs text-fg-subtle">
                {quote.parts.map((part, index) => (
                  <li key={part.kind}>
                    {words[index]}: {money(part.totalCents)}
                  </li>
                ))}
              </ul>
              <p className="text-xs text-fg-subtle">With no option chosen; the client’s choices change it on their page.</p>
            </>
          ) : (
            <p className="text-sm text-fg-muted">Choose a package and the number of songs.</p>
          )}
        </aside>
      </fieldset>

      <div className="flex flex-wrap gap-2 border-t border-line pt-4">
        {editable ? (
          <>
            <Button onClick={() => void act('send')} disabled={busy}>
              <Send aria-hidden className="size-4" /> Send to the client
            </Button>
            <Button
              variant="secondary"
              onClick={() => void save().then((saved) => saved && toast({ title: 'Draft saved' }))}
              disabled={busy}
            >
              Save draft
            </Button>
          </>
        ) : null}
        {proposal?.state === 'sent' || proposal?.state === 'viewed' || proposal?.state === 'expired' ? (
          <>
            <Button onClick={() => void act('send')} disabled={busy}>
              <Send aria-hidden className="size-4" /> {proposal.state === 'expired' ? 'Send again, open two more weeks' : 'Resend'}
            </Button>
            <Button variant="secondary" onClick={() => void act('withdraw')} disabled={busy}>
              <Undo2 aria-hidden className="size-4" /> Withdraw
            </Button>
          </>
        ) : null}
        {proposal ? (
          <>
            <Button variant="ghost" onClick={() => void act('duplicate')} disabled={busy}>
              <Copy aria-hidden className="size-4" /> Duplicate
            </Button>
            <a href={`/api/admin/proposals/${proposal.id}/pdf`} target="_blank" rel="noreferrer" className={buttonClasses('ghost')}>
              <FileText aria-hidden className="size-4" /> {proposal.signature ? 'Signed PDF' : 'Preview as PDF'}
            </a>
          </>
        ) : null}
        {proposal?.acceptedProjectId ? (
          <Link to={`/manage/projects/${proposal.acceptedProjectId}`} className={buttonClasses('secondary')}>
            Open the project
          </Link>
        ) : null}
        {editable ? (
          <Button variant="ghost" onClick={() => void saveTemplate()} disabled={busy}>
            Save as template
          </Button>
        ) : null}
      </div>
    </div>
  );

  function updateOption(index: number, change: Partial<ProposalFormValues['options'][number]>) {
    set(
      'options',
      values.options.map((old, at) => (at === index ? { ...old, ...change } : old)),
    );
  }
}

/** The client's details from where the proposal was started: a booking, an enquiry or a project. */
async function prefill(from: Props['from']): Promise<Partial<ProposalFormValues>> {
  if (from.booking !== null) {
    const answer = await api<{ name: string; email: string; note: string | null }>('GET', `/api/admin/bookings/${from.booking}`);
    if (answer.ok) return { clientName: answer.data.name, clientEmail: answer.data.email, bookingId: from.booking };
  }
  if (from.project !== null) {
    const answer = await api<{ clientName: string; clientEmail: string; title: string; packageKey: string }>(
      'GET',
      `/api/admin/projects/${from.project}`,
    );
    if (answer.ok)
      return {
        clientName: answer.data.clientName,
        clientEmail: answer.data.clientEmail,
        title: answer.data.title,
        projectId: from.project,
      };
  }
  if (from.enquiry !== null) {
    const answer = await api<Array<{ id: number; name: string; email: string }>>('GET', '/api/contact-submissions');
    const enquiry = answer.ok ? answer.data.find((candidate) => candidate.id === from.enquiry) : undefined;
    if (enquiry) return { clientName: enquiry.name, clientEmail: enquiry.email, contactSubmissionId: enquiry.id };
  }
  return {};
}

function TextInput(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  type?: string;
  inputMode?: 'numeric' | 'decimal';
  placeholder?: string;
  autoComplete?: string;
}) {
  return (
    <FormField id={props.id} label={props.label} error={props.error} hint={props.hint}>
      {(control) => (
        <input
          {...control}
          type={props.type ?? 'text'}
          inputMode={props.inputMode}
          placeholder={props.placeholder}
          autoComplete={props.autoComplete}
          className={inputClasses}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}

function RowsEditor<Row>(props: {
  title: string;
  addLabel: string;
  rows: Row[];
  onAdd: () => void;
  onRemove: (index: number) => void;
  render: (row: Row, index: number) => React.ReactNode;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium text-fg">{props.title}</legend>
      {props.rows.map((row, index) => (
        <div key={index} className="flex items-start gap-2">
          {props.render(row, index)}
          <button
            type="button"
            onClick={() => props.onRemove(index)}
            className={buttonClasses('ghost', 'sm')}
            aria-label={`Remove ${index + 1}`}
          >
            <Trash2 aria-hidden className="size-4" />
          </button>
        </div>
      ))}
      <button type="button" onClick={props.onAdd} className={buttonClasses('ghost', 'sm', 'justify-self-start')}>
        <Plus aria-hidden className="size-4" /> {props.addLabel}
      </button>
    </fieldset>
  );
}
