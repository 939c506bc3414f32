import { Copy, ExternalLink, FileText, Send, Undo2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '#app/components/ui/button.tsx';
import { toast } from '#app/lib/toast.ts';
import type { ProposalQuote } from '#common/proposal-quote.ts';
import type { AdminProposalView, ProposalTemplateView } from '#common/proposals.ts';
import { inputClasses } from '#app/components/ui/form-field.tsx';

/** What the client pays, with no option chosen: beside the form, in view while it is filled. */
export function SumsAside({ quote, words, money }: { quote: ProposalQuote | null; words: string[]; money: (cents: number) => string }) {
  return (
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
  );
}

/** Send, save, resend, withdraw, duplicate, the PDF, the project, a template: what the proposal's state allows. */
export function ProposalActions(props: {
  proposal: AdminProposalView | null;
  editable: boolean;
  busy: boolean;
  onSave: () => Promise<AdminProposalView | null>;
  onAct: (action: 'send' | 'withdraw' | 'duplicate') => Promise<void>;
  onSaveTemplate: () => Promise<void>;
}) {
  const { proposal, editable, busy } = props;
  const act = props.onAct;
  const save = props.onSave;
  const saveTemplate = props.onSaveTemplate;
  return (
    <div className="flex flex-wrap gap-2 border-t border-line pt-4">
      {editable ? (
        <>
          <Button onClick={() => void act('send')} disabled={busy}>
            <Send aria-hidden className="size-4" /> Send to the client
          </Button>
          <Button variant="secondary" onClick={() => void save().then((saved) => saved && toast({ title: 'Draft saved' }))} disabled={busy}>
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
  );
}

/** The templates to start from: choosing one fills the proposal's terms. */
export function TemplatePicker({
  id,
  templates,
  onPick,
}: {
  id: string;
  templates: ProposalTemplateView[];
  onPick: (template: ProposalTemplateView) => void;
}) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        Start from a template
      </label>
      <select
        id={id}
        className={inputClasses}
        defaultValue=""
        onChange={(event) => {
          const template = templates.find((candidate) => String(candidate.id) === event.target.value);
          if (template) onPick(template);
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
  );
}

/** The client's link of a sent proposal: to copy, or to open as the client sees it. */
export function ProposalLinkBar({ url }: { url: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-xl border border-line bg-surface-raised p-3 text-sm">
      <span className="text-fg-muted">The client’s link:</span>
      <code className="min-w-0 grow truncate text-fg" data-testid="proposal-link">
        {url}
      </code>
      <button
        type="button"
        className={buttonClasses('ghost', 'sm')}
        onClick={() => void navigator.clipboard.writeText(url).then(() => toast({ title: 'Link copied' }))}
      >
        <Copy aria-hidden className="size-4" /> Copy
      </button>
      <a href={url} target="_blank" rel="noreferrer" className={buttonClasses('ghost', 'sm')}>
        <ExternalLink aria-hidden className="size-4" /> Open as the client
      </a>
    </div>
  );
}
