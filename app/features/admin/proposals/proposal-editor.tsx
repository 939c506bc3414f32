import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';
import { formatMoney } from '#common/billing/money.ts';
import { PROPOSAL_STATE_LABELS, type AdminProposalView, type ProposalTemplateView } from '#common/proposals.ts';
import { partWords, quoteProposal, type PricedPackage } from '#common/proposal-quote.ts';
import type { FieldErrors } from '#common/validation.ts';
import { ClientFields, WorkFields, type EditorFieldsProps } from './editor-fields.tsx';
import { ProposalActions, ProposalLinkBar, SumsAside, TemplatePicker } from './editor-parts.tsx';
import { OptionFields, PlanFields } from './editor-plan-fields.tsx';
import { emptyProposalForm, formOfProposal, inputOfForm, templateOfForm, withTemplate, type ProposalFormValues } from './proposal-form.ts';

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
  const fieldProps: EditorFieldsProps = { ids, values, set, field, packages, money };

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
          <TemplatePicker
            id={`${ids}-template`}
            templates={templates}
            onPick={(template) => setValues((old) => withTemplate(old, template, today()))}
          />
        ) : null}
      </div>

      {proposal?.url ? <ProposalLinkBar url={proposal.url} /> : null}
      {proposal && proposal.requestNote !== null ? <SiteRequestNote note={proposal.requestNote} /> : null}

      <fieldset disabled={!editable || busy} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid content-start gap-5">
          <ClientFields {...fieldProps} />
          <WorkFields {...fieldProps} />
          <OptionFields {...fieldProps} />
          <PlanFields {...fieldProps} />
        </div>

        <SumsAside quote={quote} words={words} money={money} />
      </fieldset>

      <ProposalActions proposal={proposal} editable={editable} busy={busy} onSave={save} onAct={act} onSaveTemplate={saveTemplate} />
    </div>
  );
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

/** A proposal a visitor asked for from the start page (decision 115): where it came from and what they wrote. */
function SiteRequestNote({ note }: { note: string }) {
  return (
    <section
      aria-label="Request from the site"
      className="rounded-xl border border-accent/40 bg-surface p-4 text-sm"
      data-testid="request-note"
    >
      <p className="font-semibold text-fg">Asked for from the site&apos;s start page</p>
      <p className="mt-1 whitespace-pre-line text-fg-muted">{note.trim() === '' ? 'The visitor wrote no note.' : note}</p>
    </section>
  );
}
