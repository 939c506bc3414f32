import { Router } from 'express';
import { checkEmbedUrl } from '#common/embeds.ts';
import { z } from '#common/zod.ts';
import { HttpError, methodNotAllowed } from '#server/http/errors.ts';
import { requireAdmin } from '#server/http/require-admin.ts';
import { parseBody } from '#server/http/validation.ts';

const checkSchema = z.strictObject({ url: z.string({ error: 'url is required' }).max(2048, 'The link is too long') });

/**
 * `POST /api/embeds/check` (decision 119): the editor asks whether a pasted link is a player the
 * pages can show, and gets the provider and the embed address the server would store. Nothing is
 * fetched from the provider: the link's shape decides.
 */
export function embedsRouter(): Router {
  const router = Router();
  router.post('/embeds/check', requireAdmin, (req, res) => {
    const { url } = parseBody(checkSchema, req.body, 'Invalid link');
    const checked = checkEmbedUrl(url);
    if (!checked.ok) throw new HttpError(400, checked.message, { url: [checked.message] });
    res.json(checked.embed);
  });
  router.all('/embeds/check', methodNotAllowed(['POST']));
  return router;
}
