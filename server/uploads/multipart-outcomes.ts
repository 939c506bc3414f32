import type { UploadedPart } from '#server/storage/object-store.ts';

/*
 * What the multipart protocol is asked and answers (multipart-uploads.ts): the callers, the
 * uploads they name, and every outcome the routers map to a status.
 */

/** Who asks, as the access rule names them; an upload is continued only by whoever started it. */
export interface UploadCaller {
  owner: string;
}

/** An upload as the uploader names it: the server's key and the store's upload id. */
export interface UploadRef {
  key: string;
  uploadId: string;
}

export type CompleteOutcome =
  | { kind: 'completed'; location: string }
  | { kind: 'not-found' }
  | { kind: 'invalid'; message: string }
  | { kind: 'too-large'; maxBytes: number };

/**
 * Where an upload goes when it is not a sample's audio: a key reserved elsewhere (a project file),
 * the object its completion writes, and its own size limit. The object is written in place, never
 * moved afterwards: a bucket cannot copy an object over 5 GB in one call.
 */
export interface UploadDestination {
  objectKey: string;
  maxBytes: number;
  /** The project it goes into, whose open uploads are bounded together (decision 083). */
  projectId: number;
}

/** What an upload about to start is counted as: its project (none for a sample's audio), its limit, its declared size. */
export interface UploadScope {
  projectId: number | null;
  maxBytes: number;
  declaredBytes: number | null;
}

/** Why an upload may not start: larger than its limit, or its caller or project holds too much unfinished. */
export type StartRefusal =
  | { kind: 'too-large'; maxBytes: number }
  | { kind: 'too-many-open'; of: 'caller' | 'project'; limit: number }
  | { kind: 'too-many-bytes'; of: 'caller' | 'project'; limitBytes: number };

export type StartOutcome = { kind: 'started'; ref: UploadRef } | StartRefusal;

export type SignOutcome =
  | { kind: 'signed'; url: string; expires: number; headers?: Record<string, string> }
  | { kind: 'not-found' }
  | { kind: 'beyond-declared'; maxParts: number; declaredBytes: number };

export type PartUploadOutcome =
  | { kind: 'stored'; etag: string }
  | { kind: 'not-found' }
  | { kind: 'invalid-grant' }
  | { kind: 'expired-grant' }
  | { kind: 'too-large'; maxBytes: number }
  | { kind: 'beyond-declared'; declaredBytes: number }
  | { kind: 'bad-digest' }
  | { kind: 'interrupted' }
  | { kind: 'refused'; message: string };

export interface MultipartOptions {
  /** Reserves a fresh upload key (the single-use registration row); the upload completes into its staging key. */
  reserveKey: () => Promise<string>;
  /** The largest file this uploader takes: no part, and no completed upload, may be larger. */
  maxBytes: number;
  /**
   * Judges an upload by its first bytes as soon as its first part arrives (where the store lets the
   * server see the part): a refusal message ends the upload there, before the rest is sent.
   */
  checkFirstBytes?: (uploadKey: string, head: Uint8Array) => Promise<string | null>;
}

/** The parts as the uploader lists them, kept on the row once the upload is joined. */
export type ListedParts = UploadedPart[];
