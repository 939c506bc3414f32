import type { Response } from 'express';

/** An answer about one person, one session or one moment: no browser or proxy keeps a copy. */
export const noStore = (res: Response): Response => res.set('Cache-Control', 'no-store');
