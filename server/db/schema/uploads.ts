import type { AudioFormat } from '#common/audio-format.ts';
import type { ColumnType } from 'kysely';
import type { Timestamp } from './timestamp.ts';

/** Upload grants and the objects they produced (server/storage). */
export interface UploadedObjectsTable {
  key: string;
  status: 'pending' | 'uploading' | 'uploaded' | 'registering' | 'registered' | 'failed';
  size: number | null;
  contentType: string | null;
  /** Detected from the first bytes at registration (server/audio/audio-format.ts). */
  format: AudioFormat | null;
  createdAt: Timestamp;
  registeredAt: string | null;
}

/** Multipart uploads this server started and not yet completed or aborted (server/uploads). */
export interface MultipartUploadsTable {
  uploadId: string;
  objectKey: string;
  uploadKey: string;
  /** Who may continue it, as the access rule names callers (`admin`). */
  owner: string;
  contentType: string;
  /** This upload's size limit; null: the sample audio limit. */
  maxBytes: number | null;
  createdAt: Timestamp;
  /** Once joined: the parts it was joined from (JSON, as listed), so a retried completion answers the same. */
  completedParts: string | null;
  /** The size the uploader declared at the start; null: none declared (counted as `maxBytes`). */
  declaredBytes: ColumnType<number | null, number | null | undefined, number | null>;
  /** The project it goes into; null: a sample's audio. */
  projectId: ColumnType<number | null, number | null | undefined, number | null>;
  /** When a part was last signed or received; null: none yet (then `createdAt` tells). */
  touchedAt: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Upload grants and multipart uploads (server/storage, server/uploads). */
export interface UploadTables {
  uploadedObjects: UploadedObjectsTable;
  multipartUploads: MultipartUploadsTable;
}
