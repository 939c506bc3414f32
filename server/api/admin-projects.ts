import { Router, type Response } from 'express';
import { NOT_ACCEPTED_FILE } from '#common/accepted-files.ts';
import { adminShownName, type AdminProfile } from '#common/admin-auth.ts';
import { formatFileSize } from '#common/file-size.ts';
import {
  createProjectSchema,
  MAX_PROJECT_FILE_BYTES,
  MAX_PROJECT_FILES,
  recategoriseFileSchema,
  registerDeliverySchema,
  updateProjectSchema,
} from '#common/projects.ts';
import type { Services } from '#server/context.ts';
import { registerDelivery } from '#server/flows/register-delivery.ts';
import { startProject } from '#server/flows/start-project.ts';
import { updateProject } from '#server/flows/update-project.ts';
import { HttpError, methodNotAllowed } from '#server/http/errors.ts';
import { requireAdmin } from '#server/http/require-admin.ts';
import { roleMay } from '#common/staff-roles.ts';
import { listedProjectIds } from './engineer-project-scope.ts';
import { parseBody, parseIdParam } from '#server/http/validation.ts';
import type { Actor } from '#server/projects/activity.ts';
import { activityBefore } from './activity-pages.ts';
import { sendProjectFile } from './project-file-responses.ts';
import { sendProjectZip } from './project-zip.ts';
import { noStore } from '#server/http/no-store.ts';

const NOT_FOUND = 'Project not found';
const FILE_NOT_FOUND = 'File not found';
const projectId = (value: string | string[] | undefined) => parseIdParam(value, NOT_FOUND);
const fileId = (value: string | string[] | undefined) => parseIdParam(value, FILE_NOT_FOUND);

export const studioActor = (res: Response): Actor & { side: 'studio' } => {
  const admin = res.locals.admin as AdminProfile;
  return { side: 'studio', adminId: admin.id, name: adminShownName(admin) };
};

/** The owner's Projects area (admin session only): records, invitations, deliveries, downloads. */
export function adminProjectsRouter(services: Services): Router {
  const router = Router();
  const { records: projects, projectEmails } = services.projects;
  router.use('/admin/projects', requireAdmin);

  router
    .route('/admin/projects')
    .get(async (req, res) => {
      // `?mine=true`: the projects assigned to the signed-in person (an engineer only ever sees those).
      const only = await listedProjectIds(services, res.locals.admin as AdminProfile, req.query.mine === 'true');
      noStore(res).json(await projects.list(new Date(), only));
    })
    .post(async (req, res) => {
      const input = parseBody(createProjectSchema, req.body, 'Invalid project');
      const outcome = await startProject(services, input, studioActor(res));
      if (outcome.kind === 'invalid') throw new HttpError(400, 'Invalid project', outcome.errors);
      // Someone who sees only their own projects leads the one they start.
      const admin = res.locals.admin as AdminProfile;
      if (!roleMay(admin.role, 'projects.all')) await services.projects.engineers.set(outcome.project.id, [admin.id]);
      noStore(res).status(201).location(`/api/admin/projects/${outcome.project.id}`).json(outcome.project);
    })
    .all(methodNotAllowed(['GET', 'POST']));

  router
    .route('/admin/projects/:id')
    .get(async (req, res) => {
      const project = await projects.adminView(projectId(req.params.id));
      if (!project) throw new HttpError(404, NOT_FOUND);
      noStore(res).json(project);
    })
    .patch(async (req, res) => {
      const id = projectId(req.params.id);
      // The delivery lock is billing's (decision 093); the other fields are the project's own.
      const { deliveryLocked, ...fields } = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
      if (deliveryLocked !== undefined && typeof deliveryLocked !== 'boolean')
        throw new HttpError(400, 'Invalid project', { deliveryLocked: ['deliveryLocked must be true or false'] });
      const input =
        Object.keys(fields).length > 0 || deliveryLocked === undefined ? parseBody(updateProjectSchema, fields, 'Invalid project') : null;
      const outcome = await updateProject(services, id, { fields: input, deliveryLocked }, studioActor(res));
      if (outcome.kind === 'not-found') throw new HttpError(404, NOT_FOUND);
      if (outcome.kind === 'invalid') throw new HttpError(400, 'Invalid project', outcome.errors);
      noStore(res).json(outcome.project);
    })
    .all(methodNotAllowed(['GET', 'PATCH']));

  // The log's older entries, a page at a time: the project view carries the newest page only.
  router
    .route('/admin/projects/:id/activity')
    .get(async (req, res) => {
      const id = projectId(req.params.id);
      const page = await projects.activityPage(id, 'studio', activityBefore(req));
      if (!page) throw new HttpError(404, NOT_FOUND);
      noStore(res).json(page);
    })
    .all(methodNotAllowed(['GET']));

  // Grants the client access (again, after a revocation) and e-mails a sign-in link: 202, the e-mail is queued.
  router
    .route('/admin/projects/:id/invite')
    .post(async (req, res) => {
      const id = projectId(req.params.id);
      const invited = await projects.markInvited(id, studioActor(res));
      if (!invited) throw new HttpError(404, NOT_FOUND);
      projectEmails.sendSoon();
      noStore(res)
        .status(202)
        .json({ message: `A sign-in link is on its way to ${invited.email}`, project: await projects.adminView(id) });
    })
    .all(methodNotAllowed(['POST']));

  router
    .route('/admin/projects/:id/revoke-access')
    .post(async (req, res) => {
      const id = projectId(req.params.id);
      if (!(await projects.revokeAccess(id, studioActor(res)))) throw new HttpError(404, NOT_FOUND);
      noStore(res).json(await projects.adminView(id));
    })
    .all(methodNotAllowed(['POST']));

  projectFileRoutes(router, services);
  return router;
}

/** The owner's side of a project's files: deliveries in, any file out, downloads one by one or zipped. */
function projectFileRoutes(router: Router, services: Services): void {
  const { records: projects, projectFiles, projectEmails } = services.projects;
  router
    .route('/admin/projects/:id/deliveries')
    .post(async (req, res) => {
      const id = projectId(req.params.id);
      const input = parseBody(registerDeliverySchema, req.body, 'Invalid delivery');
      const admin = res.locals.admin as AdminProfile;
      if (!(await projects.adminView(id))) throw new HttpError(404, NOT_FOUND);
      const outcome = await registerDelivery(
        services,
        { projectId: id, uploader: `admin:${admin.id}`, objectPath: input.objectPath, ...(input.name ? { name: input.name } : {}) },
        studioActor(res),
      );
      answerRegistration(outcome);
      if (outcome.kind !== 'registered') return;
      // A pass now sends what this delivery made due (an earlier batch goes first) and wakes again when its short batch ends.
      if (!outcome.again) projectEmails.sendSoon();
      noStore(res).status(201).json(outcome.file);
    })
    .all(methodNotAllowed(['POST']));

  router
    .route('/admin/projects/:id/files/:fileId/download')
    .get(async (req, res) => {
      const id = projectId(req.params.id);
      const file = await projectFiles.storedFile(id, fileId(req.params.fileId));
      if (!file) throw new HttpError(404, FILE_NOT_FOUND);
      await sendProjectFile(req, res, file, (range) => projectFiles.read(file, range));
    })
    .all(methodNotAllowed(['GET', 'HEAD']));

  // The owner fixes any file: a client file under another category (PATCH answers the project), or
  // any file out of the project (a wrong delivery, a client file sent by mistake). Both are logged.
  router
    .route('/admin/projects/:id/files/:fileId')
    .patch(async (req, res) => {
      const id = projectId(req.params.id);
      const file = fileId(req.params.fileId);
      const { category } = parseBody(recategoriseFileSchema, req.body, 'Invalid category');
      const outcome = await projectFiles.recategorise(id, file, category, studioActor(res));
      if (outcome.kind === 'not-client-file') {
        throw new HttpError(400, 'A delivery has no category to change', { category: ['Only files from the client have a category'] });
      }
      if (outcome.kind !== 'changed') throw new HttpError(404, FILE_NOT_FOUND);
      noStore(res).json(await projects.adminView(id));
    })
    .delete(async (req, res) => {
      const outcome = await projectFiles.remove(projectId(req.params.id), fileId(req.params.fileId), studioActor(res));
      if (outcome.kind !== 'removed') throw new HttpError(404, FILE_NOT_FOUND);
      noStore(res).status(204).end();
    })
    .all(methodNotAllowed(['PATCH', 'DELETE']));

  // Every file of one side as one ZIP: the client's stems (`?side=client`, the default) or the deliveries.
  router
    .route('/admin/projects/:id/files.zip')
    .get(async (req, res) => {
      const id = projectId(req.params.id);
      const project = await projects.adminView(id);
      if (!project) throw new HttpError(404, NOT_FOUND);
      const side = req.query.side === 'studio' ? 'studio' : 'client';
      const files = await projectFiles.storedFiles(id, side);
      await sendProjectZip(req, res, {
        title: project.title,
        suffix: side === 'studio' ? 'deliveries' : 'files',
        files,
        read: (file) => projectFiles.read(file),
      });
    })
    .all(methodNotAllowed(['GET', 'HEAD']));
}

/** Maps a registration's refusal to its status; a registered file falls through. */
export function answerRegistration(outcome: { kind: string }): void {
  switch (outcome.kind) {
    case 'not-issued':
      throw new HttpError(400, 'That upload was not made for this project', { objectPath: ['Upload the file into this project first'] });
    case 'not-uploaded':
      throw new HttpError(409, 'The upload has not finished yet', { objectPath: ['The file is not in storage yet'] });
    case 'too-large':
      throw new HttpError(413, `The file is larger than ${formatFileSize(MAX_PROJECT_FILE_BYTES)}`);
    case 'not-accepted':
      throw new HttpError(415, NOT_ACCEPTED_FILE, { objectPath: ['Not an audio file or a ZIP'] });
    case 'too-many':
      throw new HttpError(409, `This project already holds ${MAX_PROJECT_FILES} files`);
  }
}
