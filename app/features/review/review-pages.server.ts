import { data, type LoaderFunctionArgs } from 'react-router';
import type { ProjectAccess } from '#common/collaborators.ts';
import type { ProjectBase } from '#common/projects.ts';
import { recordIdFromPath } from '#common/record-id.ts';
import type { TrackView } from '#common/review.ts';
import { readReviewQuery } from './review-paths.ts';
import type { ReviewRoomProject } from './review-room.tsx';
import { fromContext } from '#app/lib/server-context.server.ts';

interface RoomData {
  kind: 'room';
  project: ReviewRoomProject;
  track: TrackView;
  initialVersionNumber: number | null;
  initialSeconds: number | null;
}

/** `access`: how the signed-in address reaches the project (the client, or a collaborator's role). */
export type PortalReviewData =
  { kind: 'signed-out' } | { kind: 'not-found'; email: string } | (RoomData & { email: string; access: ProjectAccess });

/** The admin layout (routes/admin-layout.tsx) has the admin and the version: the room's data is the room's alone. */
export type ManageReviewData = { kind: 'signed-out' } | { kind: 'not-found' } | RoomData;

/** An id from the address: a positive whole number, or null (the page then answers 404). */

function roomOf(
  project: Pick<ProjectBase, 'id' | 'title' | 'packageTitle' | 'tracks'> | null,
  trackParam: string | undefined,
  request: Request,
): RoomData | null {
  const trackId = recordIdFromPath(trackParam);
  const track = project?.tracks.find((candidate) => candidate.id === trackId);
  if (!project || !track) return null;
  const query = readReviewQuery(new URL(request.url).searchParams);
  return {
    kind: 'room',
    project: { id: project.id, title: project.title, packageTitle: project.packageTitle },
    track,
    initialVersionNumber: query.versionNumber,
    initialSeconds: query.seconds,
  };
}

/**
 * `/portal/projects/:id/review/:trackId`: the client's own track. Signed out is a 401 with a sign-in
 * prompt; anyone else's project or track, like one that does not exist, a 404.
 */
export async function portalReviewLoader({ params, request, context }: LoaderFunctionArgs) {
  const { services, portalClient: client } = fromContext(context);
  if (!client) return data<PortalReviewData>({ kind: 'signed-out' }, { status: 401 });
  const projectId = recordIdFromPath(params.id);
  const project = projectId === null ? null : await services.projects.records.clientView(client.email, projectId);
  const room = roomOf(project, params.trackId, request);
  if (!project || !room) return data<PortalReviewData>({ kind: 'not-found', email: client.email }, { status: 404 });
  return data<PortalReviewData>({ ...room, email: client.email, access: project.access });
}

/** `/manage/projects/:id/review/:trackId`: the studio's side; signed out, nothing (the admin layout shows the login). */
export async function manageReviewLoader({ params, request, context }: LoaderFunctionArgs) {
  const { services, admin } = fromContext(context);
  if (!admin) return data<ManageReviewData>({ kind: 'signed-out' });
  const projectId = recordIdFromPath(params.id);
  const project = projectId === null ? null : await services.projects.records.adminView(projectId);
  const room = roomOf(project, params.trackId, request);
  if (!room) return data<ManageReviewData>({ kind: 'not-found' }, { status: 404 });
  return data<ManageReviewData>(room);
}
