import { Headphones, LockKeyhole } from 'lucide-react';
import { Form, useNavigation } from 'react-router';
import type { Route } from './+types/listen.$token.ts';
import { seo } from '#app/components/seo.ts';
import { Button } from '#app/components/ui/button.tsx';
import { PasswordField } from '#app/components/ui/password-field.tsx';
import { ListenRoom } from '#app/features/listen/listen-room.tsx';
import { PAGE_POLICIES, type PageHandle } from '#common/page-policy.ts';

/**
 * The listener's page is an app (the player), hydrated by React Router like the portal; its address
 * is the link's key: never shared, no referrer, never indexed.
 */
export const handle: PageHandle = { islands: false, page: PAGE_POLICIES.secretAddress };

export { listenLoader as loader, listenAction as action } from '#app/features/listen/listen-page.server.ts';

export const meta: Route.MetaFunction = (args) => {
  const loaded = args.loaderData;
  // A link pasted into a chat is previewed: the track's name only shows once the page is open to everyone with the link.
  const title =
    loaded?.kind === 'open' ? `${loaded.track.title} · Review` : loaded?.kind === 'locked' ? 'Review link' : 'Link not available';
  return [
    ...seo(args, { title, description: 'Listen to a mix shared by the studio and leave comments.', noindex: true }),
    { name: 'referrer', content: 'no-referrer' },
  ];
};

// No headers() here: the policy above makes the server send `private, no-store`, no-referrer and noindex (server/http/pages.ts).

/** `/listen/:token`: a review link (decision 082). */
export default function Listen({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  switch (page.kind) {
    case 'gone':
      return <LinkGone />;
    case 'locked':
      return <PasswordCard message={page.message} />;
    case 'open':
      return (
        <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
          <ListenRoom
            key={page.track.id}
            token={page.token}
            studioName={page.studioName}
            track={page.track}
            watermarked={page.watermarked}
          />
        </div>
      );
  }
}

function LinkGone() {
  return (
    <section className="mx-auto grid min-h-[60vh] max-w-xl place-content-center gap-5 px-6 py-24 text-center">
      <Headphones aria-hidden className="mx-auto size-10 text-accent" />
      <h1 className="text-3xl font-bold tracking-tight text-fg sm:text-4xl">This link is not available</h1>
      <p className="text-lg text-fg-muted">This review link has expired or was turned off. Ask the studio for a new one.</p>
    </section>
  );
}

/** Works without JavaScript: a plain form post to this page's action. */
function PasswordCard({ message }: { message: string | null }) {
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle';
  return (
    <section className="mx-auto grid min-h-[60vh] max-w-md content-center gap-6 px-4 py-16 sm:px-6">
      <div className="grid gap-2 text-center">
        <LockKeyhole aria-hidden className="mx-auto size-9 text-accent" />
        <p className="text-sm font-semibold uppercase tracking-widest text-accent">Review link</p>
        <h1 className="text-3xl font-bold tracking-tight text-fg">Enter the password</h1>
        <p className="text-fg-muted">The studio protected this mix with a password. It came with the link.</p>
      </div>
      <Form method="post" className="grid gap-5 rounded-2xl border border-line bg-surface p-6 shadow-xl">
        <PasswordField
          id="review-link-password"
          name="password"
          label="Password"
          autoComplete="current-password"
          required
          maxLength={200}
          error={message ?? undefined}
        />
        <Button type="submit" disabled={pending}>
          {pending ? 'Checking…' : 'Listen'}
        </Button>
      </Form>
    </section>
  );
}
