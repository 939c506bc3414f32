import type { FormEvent } from 'react';
import { AUTH_MESSAGES, changePasswordSchema, type AdminProfile } from '#common/admin-auth.ts';
import { checkPasswordStrength, type PersonalFacts } from '#common/password-strength.ts';
import { firstErrors, validate } from '#common/validation.ts';
import { FormDialog } from '#app/components/ui/form-dialog.tsx';
import { PasswordField } from '#app/components/ui/password-field.tsx';
import { api } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';
import { useSite } from '#app/lib/root-data.ts';
import { NewPasswordField } from './new-password-field.tsx';
import { useAccountDialog } from './use-account-dialog.ts';

interface ChangePasswordDialogProps {
  admin: AdminProfile;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Current password, new password (with its strength as it is typed) twice; a weak one is refused
 * here with the reason, as the server would. On success the admin's other sessions have ended.
 */
export function ChangePasswordDialog({ admin, open, onOpenChange }: ChangePasswordDialogProps) {
  const dialog = useAccountDialog(onOpenChange, 'Unable to change password');
  const { errors, setErrors } = dialog;
  const { username, email, displayName, firstName, lastName } = admin;
  const facts: PersonalFacts = { username, email, displayName, firstName, lastName, studioName: useSite().studio.name };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = validate(changePasswordSchema, { currentPassword: form.get('currentPassword'), newPassword: form.get('newPassword') });
    const nextErrors = parsed.success ? {} : firstErrors(parsed.errors);
    if (form.get('newPassword') !== form.get('confirmPassword')) nextErrors.confirmPassword ??= AUTH_MESSAGES.passwordsDoNotMatch;
    if (parsed.success) {
      const strength = await checkPasswordStrength(parsed.data.newPassword, facts);
      if (strength.reason) nextErrors.newPassword = strength.reason;
    }
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
      <NewPasswordField
        id="new-password"
        name="newPassword"
        label="New password"
        error={errors.newPassword}
        facts={facts}
        onEdited={() => setErrors(({ newPassword: _, ...others }) => others)}
      />
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
