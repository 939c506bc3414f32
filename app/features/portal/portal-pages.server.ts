import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import {
  clientNotesSchema,
  PORTAL_MESSAGES,
  portalSignInSchema,
  type PortalProjectSummary,
  type PortalProjectView,
} from '#common/projects.ts';
import type { PortalBillingView } from '#common/billing/portal-billing.ts';
import { recordIdFromPath } from '#common/record-id.ts';
import { portalProjectView } from '#server/flows/portal-project-view.ts';
import { requestSignInLink } from '#server/projects/portal-sign-in.ts';
import { fromContext } from '#app/lib/server-context.server.ts';
import { checklistContent } from '#app/features/marketing/process-content.server.ts';

export type PortalListData =
  { signedIn: false; linkInvalid: boolean } | { signedIn: true; email: string; projects: PortalProjectSummary[] };

export type PortalProjectData =
  | { kind: 'signed-out' }
  | { kind: 'not-found'; email: string }
  /**
   * `checklist`: the owner's file checklist (the process section), filled with the studio's facts.
   * `billing`: the invoices and how to pay them, for the invited client only (null for a collaborator);
   * `deliveriesLocked`: whether downloads wait for payment, for everyone who may download.
   */
  | {
      kind: 'project';
      email: string;
      project: PortalProjectView;
      checklist: string[];
      billing: PortalBillingView | null;
      deliveriesLocked: boolean;
    };

export type NotesActionData = { status: 'saved' } | { status: 'invalid'; message: string; clientNotes: string };

export type SignInActionData = { status: 'sent'; message: string } | { status: 'invalid'; message: string; email: string };

/** `/portal`: the signed-in client's projects, or the sign-in form (saying so when a sign-in link did not work). */
export async function portalListLoader({ request, context }: LoaderFunctionArgs): Promise<PortalListData> {
  const { services, portalClient: client } = fromContext(context);
  if (!client) return { signedIn: false, linkInvalid: new URL(request.url).searchParams.get('link') === 'invalid' };
  return { signedIn: true, email: client.email, projects: await services.projects.records.clientProjects(client.email) };
}

/**
 * `/portal/projects/:id`: the client's own project and its money (the same flow as the portal's API).
 * Signed out is a 401 with a sign-in prompt; anyone else's project, like one that does not exist, a 404.
 */
export async function portalProjectLoader({ params, context }: LoaderFunctionArgs) {
  const { services, portalClient: client } = fromContext(context);
  if (!client) return data<PortalProjectData>({ kind: 'signed-out' }, { status: 401 });
  const id = recordIdFromPath(params.id);
  const view = id === null ? null : await portalProjectView(services, client.email, id);
  if (!view || view.kind === 'not-found') return data<PortalProjectData>({ kind: 'not-found', email: client.email }, { status: 404 });
  const { project, billing, deliveriesLocked } = view;
  return data<PortalProjectData>({
    kind: 'project',
    email: client.email,
    project,
    checklist: await checklistContent(context),
    billing,
    deliveriesLocked,
  });
}

/**
 * The sign-in form without JavaScript: the same rules and the same work as POST /api/portal/sign-in.
 * The answer is the same words for every address and is given before the lookup and the e-mail run
 * (requestSignInLink also applies the per-address and per-IP limits, silently).
 */
export async function portalSignInAction({ request, context }: ActionFunctionArgs) {
  let email = '';
  try {
    const value = (await request.formData()).get('email');
    email = typeof value === 'string' ? value : '';
  } catch {
    // An unreadable body is answered like an empty address.
  }
  const parsed = portalSignInSchema.safeParse({ email });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Enter a valid e-mail address';
    return data<SignInActionData>({ status: 'invalid', message, email }, { status: 400 });
  }
  const { services, clientIp } = fromContext(context);
  void requestSignInLink(
    { db: services.db, logger: services.logger, sendSoon: () => services.projects.projectEmails.sendSoon() },
    parsed.data.email,
    clientIp,
  ).catch((error: unknown) => services.logger.error({ err: error }, 'portal sign-in request failed'));
  return data<SignInActionData>({ status: 'sent', message: PORTAL_MESSAGES.signInLinkSent });
}

/**
 * The notes form of a project page without JavaScript: the same rules as PATCH /api/portal/projects/:id.
 * Signed out, or not this client's project: the page's own loader answers (sign-in prompt, 404).
 */
export async function portalProjectAction({ request, params, context }: ActionFunctionArgs) {
  const { services, portalClient: client } = fromContext(context);
  const id = recordIdFromPath(params.id);
  if (!client || id === null)
    return data<NotesActionData>({ status: 'invalid', message: 'Sign in to save your notes', clientNotes: '' }, { status: 401 });
  let clientNotes = '';
  try {
    const value = (await request.formData()).get('clientNotes');
    clientNotes = typeof value === 'string' ? value : '';
  } catch {
    // An unreadable body saves nothing: answered like notes that do not pass.
  }
  const parsed = clientNotesSchema.safeParse({ clientNotes });
  if (!parsed.success) {
    return data<NotesActionData>(
      { status: 'invalid', message: parsed.error.issues[0]?.message ?? 'Invalid notes', clientNotes },
      { status: 400 },
    );
  }
  const { records: projects } = services.projects;
  const actor = { side: 'client' as const, email: client.email, name: await projects.clientName(client.email) };
  const saved = await projects.setClientNotes(client.email, id, parsed.data.clientNotes, actor);
  if (!saved) return data<NotesActionData>({ status: 'invalid', message: 'Project not found', clientNotes }, { status: 404 });
  return data<NotesActionData>({ status: 'saved' });
}
