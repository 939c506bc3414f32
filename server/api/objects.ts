import { Router } from 'express';
import { formatTime } from '#common/format-time.ts';
import { AUDIO_TOO_LARGE_MESSAGE, AUDIO_TOO_LONG_MESSAGE, NOT_AUDIO_MESSAGE, registerAudioSchema } from '#common/samples.ts';
import { EMPTY_FILE_MESSAGE } from '#common/uploads.ts';
import type { Services } from '#server/context.ts';
import { HttpError } from '#server/http/errors.ts';
import { requireAdmin } from '#server/http/require-admin.ts';
import { parseBody } from '#server/http/validation.ts';

/** Upload grants and audio registration (admin only). The bytes themselves never pass through /api. */
export function objectsRouter(services: Services): Router {
  const router = Router();
  const { audioUploads } = services.samples;

  router.post('/objects/upload', requireAdmin, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ uploadURL: await audioUploads.issueUploadUrl() });
  });

  router.put('/audio-files', requireAdmin, async (req, res) => {
    const { audioFileURL } = parseBody(registerAudioSchema, req.body, 'Invalid audio file');
    const outcome = await audioUploads.register(audioFileURL);
    switch (outcome.kind) {
      case 'registered':
        services.metrics?.countAudioRegistered(outcome.size);
        res.json({ objectPath: outcome.objectPath });
        return;
      case 'not-issued':
        throw new HttpError(400, 'Not an upload URL issued by this server', { audioFileURL: ['Unknown upload'] });
      case 'not-uploaded':
        throw new HttpError(409, 'The file has not been uploaded yet', { audioFileURL: ['Upload the file first'] });
      // Each refusal is one sentence, the same in the message and the field: the uploader shows it alone.
      case 'empty':
        throw new HttpError(400, EMPTY_FILE_MESSAGE, { audioFileURL: [EMPTY_FILE_MESSAGE] });
      case 'too-large':
        throw new HttpError(413, AUDIO_TOO_LARGE_MESSAGE, { audioFileURL: [AUDIO_TOO_LARGE_MESSAGE] });
      case 'not-audio':
        throw new HttpError(415, NOT_AUDIO_MESSAGE, { audioFileURL: [NOT_AUDIO_MESSAGE] });
      case 'too-long':
        throw new HttpError(422, AUDIO_TOO_LONG_MESSAGE, {
          audioFileURL: [`${AUDIO_TOO_LONG_MESSAGE} (this file is ${formatTime(outcome.seconds)})`],
        });
    }
  });

  return router;
}
