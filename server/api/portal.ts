import { Router, type Request, type Response } from 'express';
import {
  clientNotesSchema,
  PORTAL_MESSAGES,
  portalSignInSchema,
  recategoriseFileSchema,
  registerClientFileSchema,
} from '#common/projects.ts';
import type { Services } from '#server/context.ts';
import { runInBackground } from '#server/auth/background.ts';
import { deliveryArchive } from '#server/flows/delivery-archive.ts';
import { clientUploadGate } from '#server/flows/client-upload-gate.ts';
import { downloadDelivery } from '#server/flows/download-delivery.ts';
import { clientIp } from '#server/http/client-ip.ts';
import { HttpError, methodNotAllowed } from '#server/http/errors.ts';
import { requireClient } from '#server/http/require-client.ts';
import { parseBody, parseIdParam } from '#server/http/validation.ts';
import { clearClientCookie } from '#server/projects/client-cookie.ts';
import { CLIENT_FILE_CHANGE_CLOSED } from '#server/projects/client-file-changes.ts';
import { endClientSession, type PortalClient } from '#server/projects/client-sessions.ts';
import { requestSignInLink } from '#server/projects/portal-sign-in.ts';
import { activityBefore } from './activity-pages.ts';
import { answerRegistration } from './admin-projects.ts';
import { sendProjectFile } from './project-file-responses.ts';
import { portalProjectGuard, requirePart } from './portal-access.ts';
import { sendProjectZip } from './project-zip.ts';
import { PaymentRequired } from './payment-required.ts';
import { refuseClosedUploads } from './uploads.ts';
import { noStore } from '#server/http/no-store.ts';

const NOT_FOUND = 'Project not found';
const FILE_NOT_FOUND = 'File not found';
const projectIdOf = (req: Request) => parseIdParam(req.params.id, NOT_FOUND);
const clientOf = (res: Response) => res.locals.client as PortalClient;

/**
 * The client portal's API (a client session only; an admin session is not one). Every project route
 * first checks the project is open to the signed-in address and what their access allows
 * (`portalProjectGuard`): a project not open to them, like one that does not exist, is a 404; an
 * action their role does not allow, a 403. Then it calls one service or flow and answers its outcome.
 */
export function portalRouter(services: Services): Router {
  const router = Router();
  addSessionRoutes(router, services);
  router.use('/portal/projects', requireClient);
  addProjectRoutes(router, services);
  addClientFileRoutes(router, services);
  addDeliveryRoutes(router, services);
  return router;
}

/** Signing in and out. The same answer, at once, for every address: the lookup and the e-mail happen after it. */
function addSessionRoutes(router: Router, { db, logger, projects: { projectEmails } }: Services): void {
  router
    .route('/portal/sign-in')
    .post((req, res) => {
      const { email } = parseBody(portalSignInSchema, req.body, 'Enter a valid e-mail address');
      const ip = clientIp(req);
      noStore(res).status(202).json({ message: PORTAL_MESSAGES.signInLinkSent });
      // Tracked background work, not a loose promise: a graceful shutdown (and a test) waits for the
      // link to be queued, through settleBackgroundWork, before it looks at the outbox.
      runInBackground(logger, 'portal sign-in request', () =>
        requestSignInLink({ db, logger, sendSoon: () => projectEmails.sendSoon() }, email, ip),
      );
    })
    .all(methodNotAllowed(['POST']));

  router
    .route('/portal/sign-out')
    .post(async (req, res) => {
      const client = res.locals.client as PortalClient | null;
      if (client) await endClientSession(db, client.sid);
      clearClientCookie(req, res);
      // The portal's sign-out button without JavaScript is a plain form post: it lands back on /portal.
      if (req.accepts(['json', 'html']) === 'html') noStore(res).redirect(303, '/portal');
      else noStore(res).status(204).end();
    })
    .all(methodNotAllowed(['POST']));
}

/** The signed-in address's projects, one project, its notes and its log (after `requireClient`). */
function addProjectRoutes(router: Router, services: Services): void {
  const { records: projects } = services.projects;
  const projectFor = portalProjectGuard(services);

  router
    .route('/portal/projects')
    .get(async (_req, res) => {
      noStore(res).json({ projects: await projects.clientProjects(clientOf(res).email) });
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/portal/projects/:id')
    .get(async (req, res) => {
      const project = await projects.clientView(clientOf(res).email, projectIdOf(req));
      if (!project) throw new HttpError(404, NOT_FOUND);
      noStore(res).json(project);
    })
    .patch(async (req, res) => {
      const { projectId: id, actor } = await projectFor(req, res, 'manage');
      const { clientNotes } = parseBody(clientNotesSchema, req.body, 'Invalid notes');
      if (!(await projects.setClientNotes(clientOf(res).email, id, clientNotes, actor))) throw new HttpError(404, NOT_FOUND);
      noStore(res).json(await projects.clientView(clientOf(res).email, id));
    })
    .all(methodNotAllowed(['GET', 'PATCH']));

  // The log's older entries (the view carries the newest page only), to an access that sees the log.
  router
    .route('/portal/projects/:id/activity')
    .get(async (req, res) => {
      const { projectId: id } = requirePart(await projectFor(req, res, 'listen'), 'activity');
      const page = await projects.activityPage(id, 'client', activityBefore(req));
      if (!page) throw new HttpError(404, NOT_FOUND);
      noStore(res).json(page);
    })
    .all(methodNotAllowed(['GET']));
}

/**
 * The files the invited client sends, and fixes: another category, or out of the project. Only the
 * project's own client (`manage`): anyone else's project is a 404, a collaborator a 403.
 */
function addClientFileRoutes(router: Router, services: Services): void {
  const { records: projects, projectFiles } = services.projects;
  const projectFor = portalProjectGuard(services);

  router
    .route('/portal/projects/:id/files')
    .post(async (req, res) => {
      const { projectId: id, actor } = await projectFor(req, res, 'manage');
      refuseClosedUploads(await clientUploadGate(services, clientOf(res).email, id));
      const input = parseBody(registerClientFileSchema, req.body, 'Invalid file');
      const outcome = await projectFiles.register(
        {
          projectId: id,
          side: 'client',
          uploader: `client:${clientOf(res).email}`,
          objectPath: input.objectPath,
          ...(input.name ? { name: input.name } : {}),
          category: input.category,
        },
        actor,
      );
      answerRegistration(outcome);
      if (outcome.kind !== 'registered') return;
      noStore(res).status(201).json(outcome.file);
    })
    .all(methodNotAllowed(['POST']));

  // Within the window of client-file-changes.ts only (403 says why); a delivery is not theirs (404).
  // PATCH answers the project, so the table and the log are read once; DELETE answers nothing.
  const refuseChange = (outcome: { kind: string }) => {
    if (outcome.kind === 'closed') throw new HttpError(403, CLIENT_FILE_CHANGE_CLOSED);
    if (outcome.kind !== 'changed' && outcome.kind !== 'removed') throw new HttpError(404, FILE_NOT_FOUND);
  };
  router
    .route('/portal/projects/:id/files/:fileId')
    .patch(async (req, res) => {
      const { projectId: id, actor } = await projectFor(req, res, 'manage');
      const fileId = parseIdParam(req.params.fileId, FILE_NOT_FOUND);
      const { category } = parseBody(recategoriseFileSchema, req.body, 'Invalid category');
      refuseChange(await projectFiles.recategorise(id, fileId, category, actor));
      noStore(res).json(await projects.clientView(clientOf(res).email, id));
    })
    .delete(async (req, res) => {
      const { projectId: id, actor } = await projectFor(req, res, 'manage');
      refuseChange(await projectFiles.remove(id, parseIdParam(req.params.fileId, FILE_NOT_FOUND), actor));
      noStore(res).status(204).end();
    })
    .all(methodNotAllowed(['PATCH', 'DELETE']));
}

/**
 * Downloads (`downloadDeliveries`): one file with byte ranges, or every delivery as a ZIP. Whether
 * a delivery may leave, what is logged and what is streamed are the flows' (server/flows/); a
 * delivery the lock holds is a 402 with what is owed.
 */
function addDeliveryRoutes(router: Router, services: Services): void {
  const projectFor = portalProjectGuard(services);

  router
    .route('/portal/projects/:id/files/:fileId/download')
    .get(async (req, res) => {
      const person = await projectFor(req, res, 'downloadDeliveries');
      const fileId = parseIdParam(req.params.fileId, FILE_NOT_FOUND);
      const outcome = await downloadDelivery(services, person, { fileId, head: req.method !== 'GET', range: req.get('range') });
      if (outcome.kind === 'not-found') throw new HttpError(404, FILE_NOT_FOUND);
      if (outcome.kind === 'locked') throw new PaymentRequired(outcome.amountDueCents, outcome.currency);
      await sendProjectFile(req, res, outcome.file, outcome.read);
    })
    .all(methodNotAllowed(['GET', 'HEAD']));

  router
    .route('/portal/projects/:id/deliveries.zip')
    .get(async (req, res) => {
      const person = await projectFor(req, res, 'downloadDeliveries');
      const outcome = await deliveryArchive(services, person, { head: req.method !== 'GET' });
      if (outcome.kind === 'not-found') throw new HttpError(404, NOT_FOUND);
      if (outcome.kind === 'locked') throw new PaymentRequired(outcome.amountDueCents, outcome.currency);
      await sendProjectZip(req, res, outcome);
    })
    .all(methodNotAllowed(['GET', 'HEAD']));
}
