import { Loader2, Settings2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { acknowledgementSettingsSchema, ACKNOWLEDGEMENT_TEXT_MAX, type AcknowledgementSettings } from '#common/contact-inbox.ts';
import { firstErrors, validate } from '#common/validation.ts';
import { Button } from '#app/components/ui/button.tsx';
import { FormField, inputClasses } from '#app/components/ui/form-field.tsx';
import { api } from '#app/lib/api.ts';
import { cn } from '#app/lib/cn.ts';
import { toast } from '#app/lib/toast.ts';

const checkboxClasses =
  'size-5 shrink-0 accent-[var(--color-accent)] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent';

/** The owner's switch and text for the e-mail a visitor gets when their message arrives. */
export function AcknowledgementSettingsPanel() {
  const [saved, setSaved] = useState<AcknowledgementSettings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [enabled, setEnabled] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void api<AcknowledgementSettings>('GET', '/api/contact-acknowledgement').then((result) => {
      if (cancelled) return;
      if (!result.ok) return setLoadError(result.message);
      setSaved(result.data);
      setEnabled(result.data.enabled);
      setText(result.data.text);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(acknowledgementSettingsSchema, { enabled, text });
    if (!checked.success) return setError(firstErrors(checked.errors).text ?? checked.message);
    setError(undefined);
    setPending(true);
    const result = await api<AcknowledgementSettings>('PUT', '/api/contact-acknowledgement', checked.data);
    setPending(false);
    if (!result.ok) {
      setError(firstErrors(result.errors).text ?? result.serverMessage ?? result.message);
      toast({ title: 'Error', description: 'Settings not saved', variant: 'destructive' });
      return;
    }
    setSaved(result.data);
    setText(result.data.text);
    toast({ title: 'Success', description: 'Acknowledgement settings saved' });
  };

  return (
    <details className="group rounded-xl border border-line bg-surface">
      <summary
        className={cn(
          'flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-xl px-4 py-3 text-sm font-medium text-fg sm:px-5',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent [&::-webkit-details-marker]:hidden',
        )}
      >
        <Settings2 aria-hidden className="size-4 text-accent" />
        Automatic acknowledgement
        <span className="text-fg-subtle">{saved ? (saved.enabled ? 'On' : 'Off') : ''}</span>
      </summary>
      <div className="border-t border-line px-4 py-4 sm:px-5">
        {loadError ? (
          <p role="alert" className="text-sm text-red-300">
            Unable to load the settings. {loadError}
          </p>
        ) : !saved ? (
          <p role="status" className="flex items-center gap-2 text-sm text-fg-muted">
            <Loader2 aria-hidden className="size-4 animate-spin motion-reduce:animate-none" /> Loading settings...
          </p>
        ) : (
          <form onSubmit={submit} noValidate className="grid grid-cols-[minmax(0,1fr)] gap-4">
            <label className="flex min-h-11 items-center gap-3 text-sm text-fg">
              <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} className={checkboxClasses} />
              E-mail each visitor that their message arrived
            </label>
            <FormField
              id="acknowledgement-text"
              label="Acknowledgement text"
              error={error}
              hint="Sent as plain text, once per message, only to addresses that passed the form's check."
            >
              {(control) => (
                <textarea
                  {...control}
                  rows={6}
                  maxLength={ACKNOWLEDGEMENT_TEXT_MAX}
                  value={text}
                  onChange={(event) => setText(event.target.value)}
                  className={cn(inputClasses, 'text-sm')}
                />
              )}
            </FormField>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="ghost" onClick={() => setText(saved.defaultText)} disabled={text === saved.defaultText}>
                Use the default text
              </Button>
              <Button type="submit" disabled={pending}>
                {pending ? 'Saving...' : 'Save settings'}
              </Button>
            </div>
          </form>
        )}
      </div>
    </details>
  );
}
