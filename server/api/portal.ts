import { Router, type Request, type Response } from 'express';
import { can } from '#common/collaborators.ts';
import {
  clientNotesSchema,
  PORTAL_MESSAGES,
  portalSignInSchema,
  recategoriseFileSchema,
  registerClientFileSchema,
} from '#common/projects.ts';
import type { Services } from '#server/context.ts';
import { clientIp } from '#server/http/client-ip.ts';
import { HttpError, methodNotAllowed } from '#server/http/errors.ts';
import { requireClient } from '#server/http/require-client.ts';
import { parseBody, parseIdParam } from '#server/http/validation.ts';
import type { Actor } from '#server/projects/activity.ts';
import { recordActivity } from '#server/projects/activity.ts';
import { clearClientCookie } from '#server/projects/client-cookie.ts';
import { CLIENT_FILE_CHANGE_CLOSED } from '#server/projects/client-file-changes.ts';
import { endClientSession, type PortalClient } from '#server/projects/client-sessions.ts';
import { queueProjectEmail } from '#server/projects/project-emails.ts';
import { requestSignInLink } from '#server/projects/portal-sign-in.ts';
import { activityBefore } from './activity-pages.ts';
import { answerRegistration } from './admin-projects.ts';
import { sendProjectFile } from './project-file-responses.ts';
import { portalProjectGuard } from './portal-access.ts';
import { sendProjectZip } from './project-zip.ts';
import { PaymentRequired } from './payment-required.ts';

const NOT_FOUND = 'Project not found';
const FILE_NOT_FOUND = 'File not found';
const projectIdOf = (req: Request) => parseIdParam(req.params.id, NOT_FOUND);
const noStore = (res: Response) => res.set('Cache-Control', 'no-store');
const clientOf = (res: Response) => res.locals.client as PortalClient;

/**
 * The client portal's API (a client session only; an admin session is not one). Every project route
 * first checks the project is open to the signed-in address and what their access allows
 * (`portalProjectGuard`): a project not open to them, like one that does not exist, is a 404; an
 * action their role does not allow, a 403.
 */
export function portalRouter(services: Services): Router {
  const router = Router();
  const { db, logger, projects, projectFiles, projectEmails } = services;

  const clientActor = async (res: Response): Promise<Actor & { side: 'client' }> => projects.actorOn(clientOf(res).email, 'client');
  const projectFor = portalProjectGuard(services);
  /** Deliveries wait for payment: 402 with what is owed while the project's lock is on and a sent invoice has a balance. */
  const refuseWhileOwing = async (projectId: number) => {
    const lock = await services.invoices.deliveryLock(projectId);
    if (lock.locked) throw new PaymentRequired(lock.amountDueCents, (await services.billing.settings()).currency);
  };
  /**
   * The project id of the path, when this is the project's invited client: the guard of what is
   * theirs alone (files, notes, the people). Not theirs: 404; a collaborator: 403.
   */
  const ownProject = async (req: Request, res: Response): Promise<number> => (await projectFor(req, res, 'manage')).projectId;

  // The same answer, at once, for every address: the lookup and the e-mail happen after it.
  router
    .route('/portal/sign-in')
    .post((req, res) => {
      const { email } = parseBody(portalSignInSchema, req.body, 'Enter a valid e-mail address');
      const ip = clientIp(req);
      noStore(res).status(202).json({ message: PORTAL_MESSAGES.signInLinkSent });
      void requestSignInLink({ db, logger, sendSoon: () => projectEmails.sendSoon() }, email, ip).catch((error: unknown) =>
        logger.error({ err: error }, 'portal sign-in request failed'),
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

  router.use('/portal/projects', requireClient);

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
      const id = await ownProject(req, res);
      const { clientNotes } = parseBody(clientNotesSchema, req.body, 'Invalid notes');
      if (!(await projects.setClientNotes(clientOf(res).email, id, clientNotes, await clientActor(res))))
        throw new HttpError(404, NOT_FOUND);
      noStore(res).json(await projects.clientView(clientOf(res).email, id));
    })
    .all(methodNotAllowed(['GET', 'PATCH']));

  // The log's older entries, to whoever may read the project (the view carries the newest page only).
  router
    .route('/portal/projects/:id/activity')
    .get(async (req, res) => {
      const { projectId: id } = await projectFor(req, res, 'listen');
      const page = await projects.activityPage(id, 'client', activityBefore(req));
      if (!page) throw new HttpError(404, NOT_FOUND);
      noStore(res).json(page);
    })
    .all(methodNotAllowed(['GET']));

  router
    .route('/portal/projects/:id/files')
    .post(async (req, res) => {
      const id = await ownProject(req, res);
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
        await clientActor(res),
      );
      answerRegistration(outcome);
      if (outcome.kind !== 'registered') return;
      // The studio hears of new files in one e-mail per batch, a couple of minutes after the last one.
      if (!outcome.again) await queueProjectEmail(db, id, 'files_received');
      noStore(res).status(201).json(outcome.file);
    })
    .all(methodNotAllowed(['POST']));

  // The client fixes a file they sent: another category, or out of the project. Within the window of
  // client-file-changes.ts only (403 says why); a delivery is not theirs (404). PATCH answers the
  // project, so the table and the log are read once; DELETE answers nothing.
  const refuseChange = (outcome: { kind: string }) => {
    if (outcome.kind === 'closed') throw new HttpError(403, CLIENT_FILE_CHANGE_CLOSED);
    if (outcome.kind !== 'changed' && outcome.kind !== 'removed') throw new HttpError(404, FILE_NOT_FOUND);
  };
  router
    .route('/portal/projects/:id/files/:fileId')
    .patch(async (req, res) => {
      const id = await ownProject(req, res);
      const fileId = parseIdParam(req.params.fileId, FILE_NOT_FOUND);
      const { category } = parseBody(recategoriseFileSchema, req.body, 'Invalid category');
      refuseChange(await projectFiles.recategorise(id, fileId, category, await clientActor(res)));
      noStore(res).json(await projects.clientView(clientOf(res).email, id));
    })
    .delete(async (req, res) => {
      const id = await ownProject(req, res);
      refuseChange(await projectFiles.remove(id, parseIdParam(req.params.fileId, FILE_NOT_FOUND), await clientActor(res)));
      noStore(res).status(204).end();
    })
    .all(methodNotAllowed(['PATCH', 'DELETE']));

  router
    .route('/portal/projects/:id/files/:fileId/download')
    .get(async (req, res) => {
      const { projectId: id, access, actor } = await projectFor(req, res, 'downloadDeliveries');
      // Someone who may download but is not the client reaches the deliveries only: the client's own files are not there for them.
      const side = can(access, 'manage') ? undefined : 'studio';
      const file = await projectFiles.storedFile(id, parseIdParam(req.params.fileId, FILE_NOT_FOUND), side);
      if (!file) throw new HttpError(404, FILE_NOT_FOUND);
      if (file.side === 'studio') await refuseWhileOwing(id);
      // One download per request, not per resumed range of it; the same file again soon counts on its entry.
      const range = req.get('range');
      if (req.method === 'GET' && (!range || /^bytes=0-/.test(range))) {
        await recordActivity(db, id, actor, { action: 'file_downloaded', name: file.name, fileId: file.id });
      }
      await sendProjectFile(req, res, file, (byteRange) => projectFiles.read(file, byteRange));
    })
    .all(methodNotAllowed(['GET', 'HEAD']));

  router
    .route('/portal/projects/:id/deliveries.zip')
    .get(async (req, res) => {
      const { projectId: id, actor } = await projectFor(req, res, 'downloadDeliveries');
      await refuseWhileOwing(id);
      const project = (await projects.clientView(clientOf(res).email, id))!;
      const files = await projectFiles.storedFiles(id, 'studio');
      // Recorded once the store has answered: a download refused with 503 is not one.
      const started = async () => {
        if (req.method === 'GET') await recordActivity(db, id, actor, { action: 'zip_downloaded', files: files.length, side: 'studio' });
      };
      await sendProjectZip(req, res, {
        title: project.title,
        suffix: 'deliveries',
        files,
        read: (file) => projectFiles.read(file),
        started,
      });
    })
    .all(methodNotAllowed(['GET', 'HEAD']));

  return router;
}
