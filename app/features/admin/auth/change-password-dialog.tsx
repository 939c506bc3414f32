import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { AUTH_MESSAGES, changePasswordSchema, fieldErrorsOf } from '#common/admin-auth';
import { Button } from '~/components/ui/button';
import { toast } from '~/lib/toast';
import { firstErrors, postJson } from './auth-api';
import { PasswordField } from './form-field';

/** Current password, new password twice; on success the admin's other sessions have ended. */
export function ChangePasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = changePasswordSchema.safeParse({ currentPassword: form.get('currentPassword'), newPassword: form.get('newPassword') });
    const nextErrors = parsed.success ? {} : firstErrors(fieldErrorsOf(parsed.error));
    if (form.get('newPassword') !== form.get('confirmPassword')) nextErrors.confirmPassword ??= AUTH_MESSAGES.passwordsDoNotMatch;
    setErrors(nextErrors);
    if (!parsed.success || Object.keys(nextErrors).length > 0) return;
    setPending(true);
    try {
      const result = await postJson<{ message: string }>('/api/admin/change-password', parsed.data);
      if (result.ok) {
        toast({ title: 'Password changed', description: result.data.message });
        onOpenChange(false);
      } else if (result.errors) {
        setErrors(firstErrors(result.errors));
      } else {
        toast({ title: 'Error', description: result.message ?? 'Unable to change password', variant: 'destructive' });
      }
    } catch {
      toast({ title: 'Error', description: 'Unable to connect to server', variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) setErrors({});
        onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-surface p-6 shadow-2xl focus:outline-none">
          <Dialog.Title className="text-xl font-bold text-fg">Change password</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-fg-muted">Your other signed-in sessions will be logged out.</Dialog.Description>
          <form method="post" noValidate onSubmit={submit} className="mt-6 grid gap-5">
            <PasswordField id="current-password" name="currentPassword" label="Current password" autoComplete="current-password" error={errors.currentPassword} />
            <PasswordField id="new-password" name="newPassword" label="New password" autoComplete="new-password" error={errors.newPassword} />
            <PasswordField id="confirm-new-password" name="confirmPassword" label="Confirm new password" autoComplete="new-password" error={errors.confirmPassword} />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={pending}>
                {pending ? 'Saving...' : 'Change password'}
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
