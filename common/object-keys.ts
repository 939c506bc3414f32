/**
 * The one rule for naming stored files. Every object the server stores gets a server-made UUID key;
 * it lives in the store under `uploads/{key}` and is served (once registered) at
 * `/objects/uploads/{key}`. Nothing a request sends is ever used as a path.
 */
const UUID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

export const UPLOAD_KEY_PATTERN = new RegExp(`^${UUID_SOURCE}$`);

/** Where a registered upload is served: `/objects/uploads/{key}`. */
export const OBJECT_PATH_PATTERN = new RegExp(`^/objects/uploads/(${UUID_SOURCE})$`);

export const isUploadKey = (value: string): boolean => UPLOAD_KEY_PATTERN.test(value);

/** The key's name inside the object store. */
export const storageKey = (uploadKey: string): string => `uploads/${uploadKey}`;

/**
 * Where an upload lands before registration: the only key its upload URL can write. Registration
 * checks the file and moves it to `storageKey`, so a reused upload URL never reaches a served file.
 */
export const stagingKey = (uploadKey: string): string => `staging/${uploadKey}`;

/** The public path a registered upload is served at. */
export const objectPathOf = (uploadKey: string): string => `/objects/${storageKey(uploadKey)}`;

/** The upload key inside an object path, or null when the path is not one this server issues. */
export function objectKeyFromPath(path: string): string | null {
  return OBJECT_PATH_PATTERN.exec(path)?.[1] ?? null;
}

/**
 * The upload key inside an upload URL as the browser got it: the local store's signed URL
 * (`/objects/staging/{key}?...`), a presigned S3 URL (path-style or virtual-host style) or an object
 * path. Null when it holds none.
 */
export function uploadKeyFromUrl(url: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://upload.invalid').pathname;
  } catch {
    return null;
  }
  const direct = objectKeyFromPath(pathname);
  if (direct) return direct;
  // Upload URLs name the staging key at the end of the path, after the bucket in path-style addressing.
  const match = /\/(?:staging|uploads)\/([^/]+)$/.exec(pathname);
  return match && isUploadKey(match[1]) ? match[1] : null;
}

/** Where a project's file lives in the store. Never served at a public path: only the project routes read it. */
export const projectFileKey = (projectId: number, uploadKey: string): string => `projects/${projectId}/${uploadKey}`;

const PROJECT_OBJECT_PATTERN = new RegExp(`^/objects/projects/([1-9][0-9]{0,9})/(${UUID_SOURCE})$`);

/** The project and upload key a completed project upload names (`/objects/projects/{id}/{key}`), or null. */
export function projectUploadFromPath(path: string): { projectId: number; uploadKey: string } | null {
  const match = PROJECT_OBJECT_PATTERN.exec(path);
  return match ? { projectId: Number(match[1]), uploadKey: match[2]! } : null;
}
