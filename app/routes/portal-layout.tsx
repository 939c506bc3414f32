import type { ComponentType } from 'react';
import { Outlet, useMatches } from 'react-router';
import type { Route } from './+types/portal-layout.ts';
import { SiteFrame } from '#app/components/site-frame.tsx';
import { PortalHeader } from '#app/features/portal/portal-header.tsx';
import { SignInCard } from '#app/features/portal/sign-in-card.tsx';
import { fromContext } from '#app/lib/server-context.server.ts';
import { PAGE_POLICIES, type PageHandle } from '#common/page-policy.ts';

/** What a page below the portal may add to its handle. */
export interface PortalPageHandle extends PageHandle {
  /**
   * What a signed-out visitor sees instead of the page: the portal's sign-in prompt unless the page
   * words its own; null for the one page that is the sign-in form itself (/portal).
   */
  signedOut?: ComponentType | null;
}

/** The client's own space: an app hydrated by React Router, never shared, never indexed. */
export const handle: PageHandle = { islands: false, page: PAGE_POLICIES.private };

/**
 * The guard of every portal page: who is signed in decides whether the page or its sign-in prompt
 * shows. A page's own loader answers nothing but its refusal (401) when signed out.
 */
export function loader({ context }: Route.LoaderArgs) {
  return { signedIn: fromContext(context).portalClient !== null };
}

function PortalSignIn() {
  return (
    <>
      <PortalHeader title="Sign in to see this page">
        <p>This page is private. Ask for a sign-in link and we will e-mail it to you.</p>
      </PortalHeader>
      <SignInCard />
    </>
  );
}

/** The portal below the site's header, in the site's frame; signed out, the page's sign-in prompt. */
export default function PortalLayout({ loaderData }: Route.ComponentProps) {
  const page = useMatches().at(-1)?.handle as PortalPageHandle | undefined;
  const SignedOut = page?.signedOut === undefined ? PortalSignIn : page.signedOut;
  return <SiteFrame>{loaderData.signedIn || !SignedOut ? <Outlet /> : <SignedOut />}</SiteFrame>;
}
