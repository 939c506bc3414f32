import { Router } from 'express';
import type { Services } from '../context.ts';

/** Every JSON API router, mounted under /api. Each resource has its own file. */
export function apiRouter(_services: Services): Router {
  const router = Router();
  return router;
}
