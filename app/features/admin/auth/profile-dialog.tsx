import type { FormEvent } from 'react';
import { isPlaceholderAdminEmail, PROFILE_MESSAGES, updateProfileSchema, type AdminProfile } from '#common/admin-auth.ts';
import { FormDialog } from '#app/components/ui/form-dialog.tsx';
import { TextField } from '#app/components/ui/form-field.tsx';
import { PasswordField } from '#app/components/ui/password-field.tsx';
import { api } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';
import { useAccountDialog } from './use-account-dialog.ts';
import { validateForm } from './validate-form.ts';

interface ProfileDialogProps {
  admin: AdminProfile;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (admin: AdminProfile) => void;
}

/** Display name, username and e-mail of the signed-in admin; the current password confirms the change. */
export function ProfileDialog({ admin, open, onOpenChange, onSaved }: ProfileDialogProps) {
  const dialog = useAccountDialog(onOpenChange, 'Unable to save your profile');
  const { errors } = dialog;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = validateForm(
      updateProfileSchema,
      {
        displayName: form.get('displayName'),
        username: form.get('username'),
        email: form.get('email'),
        currentPassword: form.get('currentPassword'),
      },
      dialog.setErrors,
    );
    if (!values) return;
    await dialog.send(
      () => api<AdminProfile>('PATCH', '/api/admin/me', values),
      (saved) => {
        onSaved(saved);
        toast({ title: PROFILE_MESSAGES.updated, description: `Password reset links go to ${saved.email}.` });
      },
    );
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={dialog.onOpenChange}
      title="Profile"
      description="How you sign in and where password reset e-mails go."
      onSubmit={submit}
      pending={dialog.pending}
      submitLabel="Save profile"
      pendingLabel="Saving..."
    >
      <TextField
        id="profile-display-name"
        name="displayName"
        label="Display name (optional)"
        autoComplete="name"
        defaultValue={admin.displayName ?? ''}
        hint="Shown in the dashboard instead of your username."
        error={errors.displayName}
      />
      <TextField
        id="profile-username"
        name="username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        defaultValue={admin.username}
        hint="What you type to log in (lower case, no spaces)."
        error={errors.username}
      />
      <TextField
        id="profile-email"
        name="email"
        type="email"
        label="E-mail"
        autoComplete="email"
        defaultValue={admin.email}
        hint={
          isPlaceholderAdminEmail(admin.email)
            ? 'This address was made up on first start and reaches nobody: enter your own so you can reset your password.'
            : 'Password reset links are sent here.'
        }
        error={errors.email}
      />
      <PasswordField
        id="profile-current-password"
        name="currentPassword"
        label="Current password"
        autoComplete="current-password"
        error={errors.currentPassword}
      />
    </FormDialog>
  );
}
