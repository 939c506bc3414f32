import express, { type RequestHandler } from 'express';
import { MAX_PARTS } from '#common/uploads.ts';
import { HttpError } from './errors.ts';

export const JSON_BODY_LIMIT = '100kb';
export const FORM_BODY_LIMIT_BYTES = 100 * 1024;

export const jsonBody = express.json({ limit: JSON_BODY_LIMIT, strict: true });

/**
 * The site content API (/api/admin/site) takes whole sections, and the policies alone may be
 * 2 x 100,000 characters: mounted ahead of `jsonBody`, which then finds the body read.
 */
export const SITE_CONTENT_JSON_LIMIT = '1mb';
export const siteContentJsonBody = express.json({ limit: SITE_CONTENT_JSON_LIMIT, strict: true });

/**
 * A multipart completion lists every part: `{"PartNumber":10000,"ETag":"\"<32 hex>\""}` is about 60
 * bytes, so 100 kB stopped at about 1,700 parts. Sized for MAX_PARTS entries with room for longer
 * ETags (some S3-compatible stores send more than an MD5) and whitespace.
 */
const PART_ENTRY_BYTES = 128;
export const MULTIPART_COMPLETION_JSON_LIMIT_BYTES = MAX_PARTS * PART_ENTRY_BYTES + 4 * 1024;
const completionJson = express.json({ limit: MULTIPART_COMPLETION_JSON_LIMIT_BYTES, strict: true });

/**
 * The larger limit, for a signed-in uploader only (admin or client session): mounted ahead of `jsonBody`
 * on the completion route. Anyone else's body is left to `jsonBody` and its 100 kB.
 */
export const multipartCompletionJsonBody: RequestHandler = (req, res, next) =>
  res.locals.admin || res.locals.client ? completionJson(req, res, next) : next();

/**
 * Page form posts are read by React Router, not by a body parser, so their size is checked up front:
 * browsers always send Content-Length for a form.
 */
export const limitPageFormBody: RequestHandler = (req, _res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
  const length = req.headers['content-length'];
  if (length === undefined) {
    if (req.headers['transfer-encoding']) return next(new HttpError(411, 'Content-Length is required'));
    return next();
  }
  if (Number(length) > FORM_BODY_LIMIT_BYTES) return next(new HttpError(413, 'Request body is too large'));
  next();
};
