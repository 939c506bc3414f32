import { useEffect, useRef } from 'react';
import { AudioDropZone } from './audio-drop-zone.tsx';
import type { AudioTags } from './read-audio-tags.ts';
import { CheckingCard, FailedNotice, Problem, ReadyCard, UploadingCard } from './sample-audio-cards.tsx';
import type { SampleAudio } from './sample-audio.ts';
import { uploadingState } from './sample-uppy.ts';
import { useSampleUpload } from './use-sample-upload.ts';

export interface SampleAudioUploaderProps {
  audio: SampleAudio;
  onAudio: (audio: SampleAudio) => void;
  /** A file was accepted (or restored after a reload): what its tags say, for the form to fill in. */
  onTags: (tags: AudioTags, fileName: string) => void;
  /** Bumped by the form after a successful create: the uploader starts over. */
  resetKey: number;
  /** A file dropped or chosen while this module was loading (the form's drop zone kept it): uploaded at once. */
  earlyFile?: File | null;
  /** The early file has been taken: the form forgets it. */
  onEarlyFileTaken?: () => void;
}

/**
 * A sample's audio upload without a dialog: a dropped or chosen file is judged in the browser (empty,
 * too large, not audio, too long: refused before a byte is sent), its tags go to the form, and it
 * starts uploading at once through the same resumable multipart uploader as the client projects
 * (headless Uppy, the S3 plugin against /api/uploads, parts with their MD5). The finished file is
 * registered with PUT /api/audio-files. A refused file is removed from Uppy at once, so Golden
 * Retriever never offers it again; an unfinished one is restored paused after a reload, and a
 * finished one is registered again (the same answer). Loaded lazily, in the browser only.
 */
export default function SampleAudioUploader({ audio, onAudio, onTags, resetKey, earlyFile, onEarlyFileTaken }: SampleAudioUploaderProps) {
  const { uppy, choose } = useSampleUpload({ onAudio, onTags }, resetKey);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const primaryControl = useRef<HTMLButtonElement>(null);

  // Keyboard focus never falls to the page's start when the control it was on goes away (the choose
  // button once a file is given, Pause when the upload is refused): it moves to what replaced it.
  // Never at mount: the page's own focus (and scroll position) is left alone until the owner acts.
  const shownKind = useRef(audio.kind);
  useEffect(() => {
    if (shownKind.current === audio.kind) return;
    shownKind.current = audio.kind;
    if (document.activeElement && document.activeElement !== document.body) return;
    (primaryControl.current ?? chooseButton.current)?.focus();
  }, [audio.kind]);

  // The file given before this module had loaded goes the way of any chosen file, once. Before this,
  // a file given early was silently dropped by the inert drop zone (a slow connection, a quick owner).
  const tookEarlyFile = useRef(false);
  useEffect(() => {
    if (tookEarlyFile.current || !earlyFile) return;
    tookEarlyFile.current = true;
    onEarlyFileTaken?.();
    void choose(earlyFile);
  });

  const file = uppy.getFiles()[0];
  /** Pause and Resume; an upload restored after a reload resumes through Golden Retriever, from its stored parts. */
  const pauseOrResume = () => {
    if (!file) return;
    if (audio.kind === 'uploading' && audio.paused && uppy.getState().recoveredState) {
      uppy.emit('restore-confirmed');
      onAudio(uploadingState(uppy.getFile(file.id), false));
    } else uppy.pauseResume(file.id);
  };
  const startOver = () => {
    uppy.cancelAll();
    onAudio({ kind: 'none' });
  };
  const retry = () => {
    if (!file) return startOver();
    onAudio(uploadingState(file, false));
    void uppy.retryUpload(file.id);
  };
  const dropZone = (prompt?: string) => <AudioDropZone ref={chooseButton} onFile={(chosen) => void choose(chosen)} prompt={prompt} />;

  switch (audio.kind) {
    case 'none':
      return dropZone();
    case 'refused':
      return (
        <div className="grid gap-3">
          <Problem fileName={audio.fileName} message={audio.message} />
          {dropZone('Drop another audio file here, or')}
        </div>
      );
    case 'uploading':
      if (audio.waitingForFile) return dropZone(`Choose ${audio.fileName} again to continue its upload, or drop another file`);
      return <UploadingCard audio={audio} controlRef={primaryControl} onPauseOrResume={pauseOrResume} onCancel={startOver} />;
    case 'checking':
      return <CheckingCard fileName={audio.fileName} />;
    case 'ready':
      return <ReadyCard fileName={audio.fileName} controlRef={primaryControl} onChooseAnother={startOver} />;
    case 'failed':
      return (
        <FailedNotice
          fileName={audio.fileName}
          message={audio.message}
          controlRef={primaryControl}
          onRetry={retry}
          onChooseAnother={startOver}
        />
      );
  }
}
