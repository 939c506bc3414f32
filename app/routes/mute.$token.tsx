import { BellOff, BellRing, LinkIcon } from 'lucide-react';
import type { Route } from './+types/mute.$token';
import { seo } from '#app/components/seo.ts';
import { Button } from '#app/components/ui/button.tsx';
import { PAGE_POLICIES, type PageHandle } from '#common/page-policy.ts';

/** The address is the person's mute key: never shared, no referrer, never indexed, its case kept. */
export const handle: PageHandle = { page: PAGE_POLICIES.secretAddress };

export { mutePageLoader as loader } from '#app/features/email-mutes/mute-page.server.ts';

export const meta: Route.MetaFunction = (args) => [
  ...seo(args, { title: 'Project e-mails', description: 'Mute or unmute the e-mails about one project.', noindex: true }),
  { name: 'referrer', content: 'no-referrer' },
];

const MUTED_WORDS =
  'no longer gets new mixes, replies, decisions or deliveries of this project by e-mail. ' +
  'Your other projects, and sign-in links you ask for, still reach you.';
const ON_WORDS =
  'gets an e-mail when there is a new mix, a reply to a comment, a decision or a delivery on this project. ' +
  'Muting stops them for this project only.';

/** `/mute/:token`: one project's e-mails to one person, muted or not, and the button that changes it (a plain form post). */
export default function MuteProjectEmails({ loaderData: page }: Route.ComponentProps) {
  if (page.kind === 'not-found') {
    return (
      <MuteCard icon={<LinkIcon aria-hidden className="size-10 text-accent" />} title="This link is not valid">
        <p className="text-center text-fg-muted">
          It does not name a project. Check that the whole link from the e-mail was opened, or write to the studio.
        </p>
      </MuteCard>
    );
  }
  const { muted, projectTitle, email } = page;
  return (
    <MuteCard
      icon={muted ? <BellOff aria-hidden className="size-10 text-accent" /> : <BellRing aria-hidden className="size-10 text-accent" />}
      title={muted ? `E-mails about “${projectTitle}” are muted` : `Stop e-mails about “${projectTitle}”?`}
    >
      <p className="text-center text-fg-muted" data-mute-state={muted ? 'muted' : 'on'}>
        {muted ? `${email} ${MUTED_WORDS}` : `${email} ${ON_WORDS}`}
      </p>
      <form method="post" className="flex justify-center">
        <input type="hidden" name="intent" value={muted ? 'unmute' : 'mute'} />
        <Button type="submit" variant={muted ? 'secondary' : 'primary'} size="lg">
          {muted ? 'Unmute this project' : 'Mute this project'}
        </Button>
      </form>
    </MuteCard>
  );
}

function MuteCard({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6 sm:py-16">
      <section aria-labelledby="mute-title" className="grid gap-6 rounded-2xl border border-line bg-surface p-6 sm:p-8">
        <div className="grid justify-items-center gap-3 text-center">
          {icon}
          <h1 id="mute-title" className="text-2xl font-bold tracking-tight text-balance text-fg sm:text-3xl">
            {title}
          </h1>
        </div>
        {children}
      </section>
    </div>
  );
}
