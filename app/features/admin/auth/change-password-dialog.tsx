import type { FormEvent } from 'react';
import { AUTH_MESSAGES, changePasswordSchema } from '#common/admin-auth.ts';
import { firstErrors, validate } from '#common/validation.ts';
import { FormDialog } from '#app/components/ui/form-dialog.tsx';
import { PasswordField } from '#app/components/ui/password-field.tsx';
import { api } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';
import { useAccountDialog } from './use-account-dialog.ts';

/** Current password, new password twice; on success the admin's other sessions have ended. */
export function ChangePasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const dialog = useAccountDialog(onOpenChange, 'Unable to change password');
  const { errors, setErrors } = dialog;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = validate(changePasswordSchema, { currentPassword: form.get('currentPassword'), newPassword: form.get('newPassword') });
    const nextErrors = parsed.success ? {} : firstErrors(parsed.errors);
    if (form.get('newPassword') !== form.get('confirmPassword')) nextErrors.confirmPassword ??= AUTH_MESSAGES.passwordsDoNotMatch;
    setErrors(nextErrors);
    if (!parsed.success || Object.keys(nextErrors).length > 0) return;
    await dialog.send(
      () => api<{ message: string }>('POST', '/api/admin/change-password', parsed.data),
      (answer) => toast({ title: 'Password changed', description: answer.message }),
    );
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={dialog.onOpenChange}
      title="Change password"
      description="Your other signed-in sessions will be logged out."
      onSubmit={submit}
      pending={dialog.pending}
      submitLabel="Change password"
      pendingLabel="Saving..."
    >
      <PasswordField
        id="current-password"
        name="currentPassword"
        label="Current password"
        autoComplete="current-password"
        error={errors.currentPassword}
      />
      <PasswordField id="new-password" name="newPassword" label="New password" autoComplete="new-password" error={errors.newPassword} />
      <PasswordField
        id="confirm-new-password"
        name="confirmPassword"
        label="Confirm new password"
        autoComplete="new-password"
        error={errors.confirmPassword}
      />
    </FormDialog>
  );
}
