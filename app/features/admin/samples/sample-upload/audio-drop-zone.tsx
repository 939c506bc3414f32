import { Upload } from 'lucide-react';
import { forwardRef, useRef, useState, type DragEvent } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/lib/cn.ts';
import { AUDIO_ACCEPT, AUDIO_UPLOAD_NOTE } from './sample-upload-rules.ts';

interface Props {
  /** A file was dropped or chosen; absent before the page is hydrated (the zone is then inert). */
  onFile?: (file: File) => void;
  /** The heading line, e.g. "Choose Night Drive.wav again to continue". */
  prompt?: string;
}

/**
 * Where a sample's audio file arrives: dropped anywhere on the area, or chosen with its button. No
 * dialog of its own: the upload starts as soon as a file is given (decision 088). The button is
 * forwarded so the uploader can put keyboard focus back on it after a refusal or a cancel.
 */
export const AudioDropZone = forwardRef<HTMLButtonElement, Props>(function AudioDropZone({ onFile, prompt }, chooseRef) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const inert = !onFile;

  const over = (event: DragEvent) => {
    if (inert || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const drop = (event: DragEvent) => {
    if (inert) return;
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };

  return (
    <div
      onDragEnter={over}
      onDragOver={over}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      data-testid="audio-drop-zone"
      className={cn(
        'grid justify-items-center gap-3 rounded-xl border border-dashed px-4 py-6 text-center transition-colors sm:py-8',
        dragging ? 'border-accent bg-accent/10' : 'border-line-strong bg-ink/40',
      )}
    >
      <Upload aria-hidden className={cn('size-6', dragging ? 'text-accent' : 'text-fg-subtle')} />
      <p className="text-sm font-medium text-fg">{prompt ?? 'Drop an audio file here, or'}</p>
      <Button ref={chooseRef} variant="secondary" size="sm" disabled={inert} onClick={() => input.current?.click()}>
        Choose audio file
      </Button>
      <p className="text-xs text-fg-subtle">{AUDIO_UPLOAD_NOTE}</p>
      <input
        ref={input}
        type="file"
        accept={AUDIO_ACCEPT}
        hidden
        data-testid="audio-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so choosing the same file again (after a refusal) still counts as a choice.
          event.target.value = '';
          if (file) onFile?.(file);
        }}
      />
    </div>
  );
});
