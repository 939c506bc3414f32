import { lazy, Suspense, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { formatTime } from '#common/format-time.ts';
import { Button } from '#app/components/ui/button.tsx';
import { EMPTY_FIELDS, toPayload, type SampleFields, type SamplePayload } from '#app/features/admin/samples/sample-payload.ts';
import { SampleTextFields } from '#app/features/admin/samples/sample-text-fields.tsx';
import type { SaveOutcome } from '#app/features/admin/samples/use-admin-samples.ts';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { AudioDropZone } from './audio-drop-zone.tsx';
import type { AudioTags } from './read-audio-tags.ts';
import { createsOnceUploaded, missingForCreate, NO_AUDIO, type SampleAudio } from './sample-audio.ts';
import { titleFromFileName } from './sample-file-checks.ts';

const SampleAudioUploader = lazy(() => import('./sample-audio-uploader.tsx'));

/** The fields a file's tags may fill: only while the owner has not typed in them. */
const TAGGED_FIELDS = ['title', 'artist', 'duration'] as const;
type TaggedValues = Partial<Record<(typeof TAGGED_FIELDS)[number], string>>;

function taggedValues(tags: AudioTags, fileName: string): TaggedValues {
  return {
    title: tags.title ?? titleFromFileName(fileName),
    artist: tags.artist ?? '',
    duration: tags.seconds ? formatTime(Math.round(tags.seconds)) : '',
  };
}

/**
 * Upload New in one step: dropping or choosing a file starts its upload at once and fills the title,
 * artist and duration from its tags (the owner can change them); Create Sample says what is still
 * missing rather than staying grey, and one press creates the sample: at once when the upload has
 * finished, else as soon as it does (the button says so meanwhile).
 * Fields the server refuses show its message until the next attempt.
 */
export function UploadSampleForm({ onCreate }: { onCreate: (payload: SamplePayload) => Promise<SaveOutcome> }) {
  const [fields, setFields] = useState<SampleFields>(EMPTY_FIELDS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [audio, setAudio] = useState<SampleAudio>(NO_AUDIO);
  const [saving, setSaving] = useState(false);
  const [resetKey, setResetKey] = useState(0);
  const [filledFrom, setFilledFrom] = useState<string | null>(null);
  // A file given while the uploader's code is still loading: kept, and handed to it once it is there.
  const [earlyFile, setEarlyFile] = useState<File | null>(null);
  // What the last file's tags put in the fields: a field still holding it is the file's, not the owner's.
  const autoFilled = useRef<TaggedValues>({});
  // Uppy touches the DOM: it is only loaded in the browser, after hydration.
  const hydrated = useHydrated();

  const onTags = useCallback((tags: AudioTags, fileName: string) => {
    const proposed = taggedValues(tags, fileName);
    const previous = autoFilled.current;
    autoFilled.current = proposed;
    setFields((current) => {
      const next = { ...current };
      for (const key of TAGGED_FIELDS) {
        const owners = current[key] !== '' && current[key] !== previous[key];
        if (!owners) next[key] = proposed[key] ?? '';
      }
      return next;
    });
    setFilledFrom(tags.title || tags.artist ? 'the file’s tags' : 'the file name');
  }, []);

  // Create Sample pressed while the file was still going up: the sample is made once it has arrived.
  const [createWhenReady, setCreateWhenReady] = useState(false);
  const waiting = createWhenReady && createsOnceUploaded(audio);
  const missing = waiting ? ['The sample is created as soon as the upload finishes'] : missingForCreate(fields.title, audio);
  // What the uploader's callbacks (kept by Uppy from an earlier render) must read as it is now.
  const latest = useRef({ fields, createWhenReady, onCreate });
  useEffect(() => {
    latest.current = { fields, createWhenReady, onCreate };
  });

  const create = useCallback(async (audioUrl: string) => {
    setCreateWhenReady(false);
    latest.current.createWhenReady = false;
    setSaving(true);
    const outcome = await latest.current.onCreate(toPayload(latest.current.fields, audioUrl));
    setSaving(false);
    setErrors(outcome.saved ? {} : outcome.fieldErrors);
    if (outcome.saved) {
      setFields(EMPTY_FIELDS);
      setAudio(NO_AUDIO);
      setFilledFrom(null);
      autoFilled.current = {};
      setResetKey((key) => key + 1);
    }
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (fields.title.trim() === '') {
      // The hint beside the button already says what is missing; the first gap also gets the focus.
      setErrors({ title: 'Add a title' });
      document.getElementById('new-sample-title')?.focus();
      return;
    }
    if (audio.kind === 'ready') void create(audio.audioUrl);
    else if (createsOnceUploaded(audio)) {
      latest.current.createWhenReady = true;
      setCreateWhenReady(true);
    }
  }

  /** The uploader's news: once the file has arrived, a pending Create goes ahead; paused, stopped or refused, the owner decides again. */
  const onAudio = useCallback(
    (next: SampleAudio) => {
      setAudio(next);
      if (!latest.current.createWhenReady) return;
      if (next.kind === 'ready' && latest.current.fields.title.trim() !== '') void create(next.audioUrl);
      else if (!createsOnceUploaded(next)) setCreateWhenReady(false);
    },
    [create],
  );

  const onFieldsChange = (next: SampleFields) => {
    setFields(next);
    if (errors.title && next.title.trim() !== '') setErrors(({ title: _title, ...rest }) => rest);
  };

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
      {/* The file first: it starts the upload and fills the fields below. */}
      <fieldset className="grid grid-cols-[minmax(0,1fr)] gap-3">
        <legend className="mb-2 text-sm font-medium text-fg">
          Audio File
          <span aria-hidden className="ml-0.5 text-accent">
            *
          </span>
          <span className="sr-only"> (required)</span>
        </legend>
        {hydrated ? (
          <Suspense
            fallback={<AudioDropZone onFile={setEarlyFile} prompt={earlyFile ? `Getting ready to upload ${earlyFile.name}…` : undefined} />}
          >
            <SampleAudioUploader
              audio={audio}
              onAudio={onAudio}
              onTags={onTags}
              resetKey={resetKey}
              earlyFile={earlyFile}
              onEarlyFileTaken={() => setEarlyFile(null)}
            />
          </Suspense>
        ) : (
          <AudioDropZone />
        )}
        {filledFrom && audio.kind !== 'refused' && audio.kind !== 'none' ? (
          <p className="text-xs text-fg-subtle">Title, artist and duration were filled in from {filledFrom}: change them as you like.</p>
        ) : null}
      </fieldset>
      <SampleTextFields
        idPrefix="new-sample"
        fields={fields}
        onChange={onFieldsChange}
        errors={errors}
        titleLabel="Song Title"
        markRequired
        disabled={saving}
      />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button type="submit" disabled={saving || waiting} aria-describedby="create-sample-missing" className="w-full sm:w-auto">
          {saving ? 'Creating...' : waiting ? 'Creating after upload…' : 'Create Sample'}
        </Button>
        <p id="create-sample-missing" role="status" className="text-sm text-fg-muted">
          {missing.join(' · ')}
        </p>
      </div>
    </form>
  );
}
