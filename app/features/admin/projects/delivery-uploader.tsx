/*
 * PLACEHOLDER, replaced at merge: the shared project uploader (Uppy, resumable multipart into
 * /api/uploads with meta.projectId) is being extracted on branch `portal`. Wired here, it uploads
 * into the project and registers each completed file with POST /api/admin/projects/:id/deliveries
 * {objectPath: location}, then calls onDelivered().
 */
export function DeliveryUploader(_props: { projectId: number; onDelivered: () => void }) {
  return null;
}
