import { CheckCircle2 } from 'lucide-react';
import { lazy, Suspense, useCallback, useState, type FormEvent } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { toast } from '#app/lib/toast.ts';
import { EMPTY_FIELDS, toPayload, type SampleFields, type SamplePayload } from '#app/features/admin/samples/sample-payload.ts';
import { SampleTextFields } from '#app/features/admin/samples/sample-text-fields.tsx';
import type { SaveOutcome } from '#app/features/admin/samples/use-admin-samples.ts';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import type { UploadedAudio } from './audio-uploader.tsx';
import { AUDIO_SIZE_LIMIT } from './uppy-options.ts';

const AudioUploader = lazy(() => import('./audio-uploader'));

function UploaderPlaceholder() {
  return (
    <Button variant="secondary" disabled>
      Choose audio file
    </Button>
  );
}

/**
 * Upload New: the sample's text fields and its audio file, then Create Sample. Fields the server
 * refuses show its message until the next attempt.
 */
export function UploadSampleForm({ onCreate }: { onCreate: (payload: SamplePayload) => Promise<SaveOutcome> }) {
  const [fields, setFields] = useState<SampleFields>(EMPTY_FIELDS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [audio, setAudio] = useState<UploadedAudio | null>(null);
  const [saving, setSaving] = useState(false);
  const [resetKey, setResetKey] = useState(0);
  // Uppy touches the DOM: it is only loaded in the browser, after hydration.
  const hydrated = useHydrated();

  const onUploaded = useCallback((uploaded: UploadedAudio) => {
    setAudio(uploaded);
    toast(
      uploaded.registered
        ? { title: 'Upload Complete', description: 'Audio file uploaded and configured successfully' }
        : {
            title: 'Upload Complete',
            description: `Audio file uploaded (with limited access). ${uploaded.reason ?? ''}`.trim(),
            variant: 'destructive',
          },
    );
  }, []);
  // Refused at registration: nothing usable was uploaded, so no badge; the toast says why.
  const onRefused = useCallback((reason: string) => {
    setAudio(null);
    toast({ title: 'Upload Complete', description: `The server refused this file: ${reason}`, variant: 'destructive' });
  }, []);
  const onRemoved = useCallback(() => setAudio(null), []);

  const ready = fields.title.trim() !== '' && audio !== null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready) {
      toast({ title: 'Error', description: 'Title and audio file are required', variant: 'destructive' });
      return;
    }
    setSaving(true);
    const outcome = await onCreate(toPayload(fields, audio.audioUrl));
    setSaving(false);
    setErrors(outcome.saved ? {} : outcome.fieldErrors);
    if (outcome.saved) {
      setFields(EMPTY_FIELDS);
      setAudio(null);
      setResetKey((key) => key + 1);
    }
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="upload-heading"
      className="grid grid-cols-[minmax(0,1fr)] gap-6 rounded-xl border border-line bg-surface p-4 sm:p-6"
    >
      <h3 id="upload-heading" className="text-lg font-semibold text-fg">
        Upload New Sample
      </h3>
      <SampleTextFields
        idPrefix="new-sample"
        fields={fields}
        onChange={setFields}
        errors={errors}
        titleLabel="Song Title"
        markRequired
        disabled={saving}
      />
      <fieldset className="grid grid-cols-[minmax(0,1fr)] gap-3">
        <legend className="mb-2 text-sm font-medium text-fg">
          Audio File
          <span aria-hidden className="ml-0.5 text-accent">
            *
          </span>
          <span className="sr-only"> (required)</span>
        </legend>
        <div className="flex flex-wrap items-center gap-3">
          {hydrated ? (
            <Suspense fallback={<UploaderPlaceholder />}>
              <AudioUploader onUploaded={onUploaded} onRefused={onRefused} onRemoved={onRemoved} resetKey={resetKey} />
            </Suspense>
          ) : (
            <UploaderPlaceholder />
          )}
          {audio ? (
            <span
              role="status"
              className="inline-flex items-center gap-1.5 rounded-full bg-success/15 px-3 py-1 text-sm font-medium text-success"
            >
              <CheckCircle2 aria-hidden className="size-4" />
              Audio file uploaded
            </span>
          ) : null}
        </div>
        {audio ? (
          <p className="break-all text-xs text-fg-subtle">{audio.fileName}</p>
        ) : (
          <p className="text-xs text-fg-subtle">MP3, WAV, M4A, AAC or FLAC, up to {AUDIO_SIZE_LIMIT}.</p>
        )}
      </fieldset>
      <div>
        <Button type="submit" disabled={!ready || saving} className="w-full sm:w-auto">
          {saving ? 'Creating...' : 'Create Sample'}
        </Button>
      </div>
    </form>
  );
}
