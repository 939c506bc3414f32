import type { ProjectFileView } from '#common/projects.ts';

// The uploader's props in a file of their own: the lazy Dashboard and the wrapper that loads it both
// read them, and neither may import the other back (a circle, import-cycles.test.ts).
export interface ProjectFileUploaderProps {
  /** The project the files go into: sent as `metadata.projectId` when each multipart upload starts. */
  projectId: number;
  /**
   * Where each finished upload is registered, with `POST {objectPath, ...extraBody}`: the client's
   * `/api/portal/projects/:id/files`, or the owner's `/api/admin/projects/:id/deliveries`.
   */
  registerPath: string;
  /**
   * More fields for the registration body, e.g. `{category: 'stems'}`. A file keeps the value current
   * when it was added (and while it waits to start), so a category chosen before Upload sticks to it.
   */
  extraBody?: Record<string, unknown>;
  /**
   * A file was uploaded and registered: the server's view of it (analysis pending). `again`: a file
   * finished before a reload, registered once more to be sure (the same file; nothing new to announce).
   */
  onRegistered?: (file: ProjectFileView, info: { again: boolean }) => void;
  /** A file was uploaded but its registration failed; the Dashboard marks it failed with `reason` too. */
  onRefused?: (fileName: string, reason: string) => void;
  /**
   * Judges a file by its first bytes (SIGNATURE_BYTES of them) when it is added: a file it refuses is
   * removed with `refusedHeadMessage` before any byte is sent. The server judges it again.
   */
  acceptsHead?: (head: Uint8Array) => boolean;
  refusedHeadMessage?: string;
  /** Overrides the accepted extensions (default: audio formats and ZIP, PROJECT_FILE_EXTENSIONS). */
  allowedFileTypes?: string[];
  /** The line under the drop area (default: the accepted formats and the 5 GB limit). */
  note?: string;
  /** The Dashboard's height in px (default 360, 280 on phones). */
  height?: number;
  disabled?: boolean;
}
