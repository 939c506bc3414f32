import { useState, type FormEvent } from 'react';
import type { PublicSample } from '#common/samples.ts';
import { Download } from 'lucide-react';
import { FormDialog } from '#app/components/ui/form-dialog.tsx';
import { buttonClasses } from '#app/components/ui/button.tsx';
import { fieldsOf, toPayload, type SampleFields, type SamplePayload } from './sample-payload.ts';
import { SampleTextFields } from './sample-text-fields.tsx';
import type { SaveOutcome } from './use-admin-samples.ts';

interface Props {
  sample: PublicSample;
  onSave: (id: number, payload: SamplePayload) => Promise<SaveOutcome>;
  onClose: () => void;
}

/**
 * The `Edit Sample` modal; closes on save or cancel. The save sends title, audioUrl and the optional
 * fields; when the server refuses them, its messages stay under the fields until the next save.
 */
export function EditSampleDialog({ sample, onSave, onClose }: Props) {
  const [fields, setFields] = useState<SampleFields>(() => fieldsOf(sample));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    const outcome = await onSave(sample.id, toPayload(fields, sample.audioUrl, sample.coverImageUrl));
    setSaving(false);
    if (outcome.saved) onClose();
    else setErrors(outcome.fieldErrors);
  }

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Edit Sample"
      description={`Change the details of ${sample.title}.`}
      hideDescription
      size="lg"
      onSubmit={submit}
      pending={saving}
      submitLabel="Save Changes"
      pendingLabel="Saving..."
    >
      <SampleTextFields idPrefix="edit-sample" fields={fields} onChange={setFields} errors={errors} titleLabel="Title" disabled={saving} />
      {/* Visitors hear the streaming copy; the file as uploaded is only the owner's (decision 087). */}
      <div className="flex flex-wrap items-center gap-3 border-t border-line pt-4 text-sm text-fg-subtle">
        <a href={`/api/samples/${sample.id}/original`} download className={buttonClasses('secondary', 'sm')}>
          <Download aria-hidden className="size-4" />
          Download original
        </a>
        <span>The file as you uploaded it; visitors hear an MP3 made from it.</span>
      </div>
    </FormDialog>
  );
}
