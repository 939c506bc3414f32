import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import type { PublicSample } from '#common/samples';
import { Button } from '~/components/ui/button';
import { fieldsOf, toPayload, type SampleFields, type SamplePayload } from './sample-payload';
import { SampleTextFields } from './sample-text-fields';

interface Props {
  sample: PublicSample;
  onSave: (id: number, payload: SamplePayload) => Promise<boolean>;
  onClose: () => void;
}

/** The `Edit Sample` modal; closes on save or cancel. The save sends title, audioUrl and the optional fields. */
export function EditSampleDialog({ sample, onSave, onClose }: Props) {
  const [fields, setFields] = useState<SampleFields>(() => fieldsOf(sample));
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    const saved = await onSave(sample.id, toPayload(fields, sample.audioUrl, sample.coverImageUrl));
    setSaving(false);
    if (saved) onClose();
  }

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-surface p-6 shadow-2xl focus:outline-none">
          <Dialog.Title className="text-xl font-bold text-fg">Edit Sample</Dialog.Title>
          <Dialog.Description className="sr-only">Change the details of {sample.title}.</Dialog.Description>
          <form onSubmit={submit} noValidate className="mt-6 grid gap-6">
            <SampleTextFields idPrefix="edit-sample" fields={fields} onChange={setFields} titleLabel="Title" disabled={saving} />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={saving}>
                {saving ? 'Saving...' : 'Save Changes'}
              </Button>
            </div>
          </form>
          <Dialog.Close
            aria-label="Close"
            className="absolute right-3 top-3 grid size-9 place-items-center rounded-md text-fg-muted hover:text-fg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent"
          >
            <X aria-hidden className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
