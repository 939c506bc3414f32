import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';

/** What goes into a project, before the details of how to prepare it. */
const WHAT_TO_SEND = [
  { title: 'Stems', text: 'Every track of the song, exported from the same start point.' },
  { title: 'Reference tracks', text: 'A song or two whose sound you love.' },
  { title: 'Notes', text: 'Anything we should know: a line that must cut through, an effect to keep.' },
];

/** What the studio needs from the client, with the studio's file rules (the home page's checklist, from the process section) in short. */
export function StudioNeeds({ checklist }: { checklist: string[] }) {
  return (
    <section aria-labelledby="needs-heading" className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <h2 id="needs-heading" className="text-lg font-semibold text-fg">
        What we need from you
      </h2>
      <ul className="mt-4 grid gap-3">
        {WHAT_TO_SEND.map((item) => (
          <li key={item.title} className="text-sm">
            <span className="font-semibold text-fg">{item.title}</span>
            <span className="text-fg-muted">: {item.text}</span>
          </li>
        ))}
      </ul>
      <h3 className="mt-6 text-sm font-semibold uppercase tracking-wider text-fg-subtle">Before you upload</h3>
      <ul className="mt-3 grid gap-2">
        {checklist.map((item) => (
          <li key={item} className="flex gap-2 text-sm text-fg-muted">
            <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
            {item}
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-fg-muted">
        More in our{' '}
        <Link to="/#process" className="rounded text-accent underline underline-offset-4 hover:text-accent-strong">
          file preparation guide
        </Link>
        .
      </p>
    </section>
  );
}
