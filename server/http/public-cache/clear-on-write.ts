import type { RequestHandler, Response } from 'express';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const CHANGES_NOTHING_SHOWN = 'changesNothingShown';

/**
 * Marks a write whose effect no cached page shows (a play-count beacon): it must not clear every
 * instance's page cache, or a busy player would make public pages uncacheable.
 */
export function markChangesNothingShown(res: Response): void {
  res.locals[CHANGES_NOTHING_SHOWN] = true;
}

/** What the write hook needs from the invalidation channel (server/db/invalidation-channel.ts). */
export interface ChangePublisher {
  /** Makes this instance's caches current and tells the other instances; never rejects. */
  publish(): Promise<void>;
}

/**
 * After every successful write an owner makes (API or page action), whatever it changed, every
 * instance's caches are made current (the public pages made again while visitors get the old copy,
 * decision 111). The response is held back until that is done everywhere (as express-session holds
 * it to save a session), so the caller's next request finds the change whichever instance answers it.
 *
 * Only a signed-in owner changes what public pages show: a visitor's or a client's write (a message,
 * a sign-in link, a portal comment, a logout without a session) never clears them, or anyone could
 * empty every instance's cache ten times a second. A write without an owner that does change a public
 * page must publish the change itself (as the samples' analysis does).
 */
export function publishSuccessfulWrites(changes: ChangePublisher): RequestHandler {
  return (req, res, next) => {
    if (!WRITE_METHODS.has(req.method)) return next();
    const end = res.end;
    let publishing = false;
    res.end = function (this: Response, ...args: Parameters<Response['end']>) {
      if (publishing || res.statusCode >= 400 || !res.locals.admin || res.locals[CHANGES_NOTHING_SHOWN]) return end.apply(this, args);
      publishing = true;
      const finish = () => end.apply(this, args);
      void changes.publish().then(finish, finish);
      return this;
    } as Response['end'];
    next();
  };
}
