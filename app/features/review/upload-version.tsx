import { ChevronDown, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { inputClasses } from '#app/components/ui/form-field.tsx';
import { ProjectFileUploader } from '#app/features/file-uploader/project-file-uploader.tsx';
import { PROJECT_FILE_EXTENSIONS } from '#app/features/file-uploader/project-upload-rules.ts';
import { cn } from '#app/lib/cn.ts';
import { toast } from '#app/lib/toast.ts';

/** A version is a mix or a master: audio only, no ZIP. */
const VERSION_EXTENSIONS = PROJECT_FILE_EXTENSIONS.filter((extension) => extension !== '.zip');
const NOTES_MAX = 2000;

interface UploadVersionProps {
  projectId: number;
  trackId: number;
  /** The number the next version gets, for the labels. */
  nextNumber: number;
  onUploaded: () => void;
  /** Starts open (the track has no version yet). */
  initiallyOpen?: boolean;
}

/**
 * The studio uploads a new version of a track: release notes, then the file through the shared project
 * uploader, registered as the track's next version (the client is e-mailed once it is measured).
 * Once opened it stays mounted while hidden, so closing it never stops an upload.
 */
export function UploadVersion({ projectId, trackId, nextNumber, onUploaded, initiallyOpen = false }: UploadVersionProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const [opened, setOpened] = useState(initiallyOpen);
  const [notes, setNotes] = useState('');
  const panelId = useId();
  const notesId = useId();
  return (
    <div className="grid gap-3">
      <Button
        variant={open ? 'secondary' : 'primary'}
        size="sm"
        className="w-fit"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpen(!open);
          setOpened(true);
        }}
      >
        <Upload aria-hidden className="size-4" />
        Upload v{nextNumber}
        <ChevronDown aria-hidden className={cn('size-4 transition-transform', open && 'rotate-180')} />
      </Button>
      <div id={panelId} hidden={!open} className="grid gap-3">
        <div className="grid gap-1.5">
          <label htmlFor={notesId} className="text-sm font-medium text-fg">
            Release notes for v{nextNumber} <span className="font-normal text-fg-subtle">(optional, shown to the client)</span>
          </label>
          <textarea
            id={notesId}
            value={notes}
            rows={3}
            maxLength={NOTES_MAX}
            onChange={(event) => setNotes(event.target.value)}
            placeholder="What changed: vocal up 1 dB in the chorus, less reverb on the snare…"
            className={cn(inputClasses, 'resize-y text-sm')}
          />
        </div>
        {opened ? (
          <ProjectFileUploader
            projectId={projectId}
            registerPath={`/api/admin/projects/${projectId}/tracks/${trackId}/versions`}
            extraBody={{ notes }}
            allowedFileTypes={VERSION_EXTENSIONS}
            note="The mix or master, one audio file: WAV, AIFF, FLAC, MP3, M4A, AAC, OGG or Opus"
            height={260}
            onRegistered={() => {
              toast({ title: 'Version uploaded', description: 'It is being measured; the client is e-mailed when it is ready.' });
              setNotes('');
              onUploaded();
            }}
            onRefused={(name, reason) => toast({ title: 'Error', description: `${name}: ${reason}`, variant: 'destructive' })}
          />
        ) : null}
      </div>
    </div>
  );
}
