import { Router } from 'express';
import { registerAudioSchema } from '#common/samples.ts';
import type { Services } from '#server/context.ts';
import { requireAdmin } from '#server/http/require-admin.ts';
import { samplesModule } from '#server/samples/module.ts';
import { parseInput } from '#server/samples/parse-input.ts';

/** Upload grants and audio registration (admin only). The bytes themselves never pass through /api. */
export function objectsRouter(services: Services): Router {
  const router = Router();
  const { uploads } = samplesModule(services);

  router.post('/objects/upload', requireAdmin, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ uploadURL: await uploads.issueUploadUrl() });
  });

  router.put('/audio-files', requireAdmin, async (req, res) => {
    const { audioFileURL } = parseInput(registerAudioSchema, req.body, 'Invalid audio file');
    const { objectPath } = await uploads.register(audioFileURL);
    res.json({ objectPath });
  });

  return router;
}
