import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { resetPasswordFormSchema, usernameSchema } from '#common/admin-auth.ts';
import { checkPasswordStrength } from '#common/password-strength.ts';
import type { StaffInvitationView } from '#common/staff.ts';
import { firstErrors } from '#common/validation.ts';
import { Button } from '#app/components/ui/button.tsx';
import { TextField } from '#app/components/ui/form-field.tsx';
import { ChosenPasswordFields } from '#app/features/admin/auth/chosen-password-fields.tsx';
import { validateForm } from '#app/features/admin/auth/validate-form.ts';
import { api } from '#app/lib/api.ts';
import { useSite } from '#app/lib/root-data.ts';
import { toast } from '#app/lib/toast.ts';
import { z } from '#common/zod.ts';

const joinFormSchema = z.object({ username: usernameSchema }).and(resetPasswordFormSchema);

/** The invitee's username and password; joined, they are signed in and go to the dashboard. */
export function JoinForm({ token, invitation }: { token: string; invitation: StaffInvitationView }) {
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [username, setUsername] = useState('');
  const facts = { studioName: useSite().studio.name, email: invitation.email, displayName: invitation.name, username };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = validateForm(
      joinFormSchema,
      { username: form.get('username'), password: form.get('password'), confirmPassword: form.get('confirmPassword') },
      setErrors,
    );
    if (!values) return;
    const strength = await checkPasswordStrength(values.password, facts);
    if (strength.reason) {
      setErrors({ password: strength.reason });
      return;
    }
    setPending(true);
    const result = await api('POST', '/api/admin/staff/join', { token, username: values.username, password: values.password });
    setPending(false);
    if (result.ok) {
      toast({ title: 'Welcome', description: 'You are signed in.' });
      void navigate('/manage');
    } else if (result.status === 0) {
      toast({ title: 'Error', description: 'Unable to connect to server', variant: 'destructive' });
    } else if (result.errors.username || result.errors.password) {
      setErrors(firstErrors(result.errors));
    } else {
      setLinkError(result.serverMessage ?? result.message);
    }
  }

  if (linkError) {
    return (
      <p role="alert" className="font-medium text-red-400">
        {linkError}
      </p>
    );
  }

  return (
    <form method="post" noValidate onSubmit={submit} className="grid gap-5">
      <p className="text-sm text-fg-muted">
        Invitation for <span className="font-medium text-fg">{invitation.email}</span>
      </p>
      <TextField
        id="join-username"
        name="username"
        label="Username"
        autoComplete="username"
        required
        value={username}
        onChange={(event) => setUsername(event.currentTarget.value)}
        error={errors.username}
      />
      <ChosenPasswordFields
        idPrefix="join"
        labels={{ password: 'Password', confirm: 'Confirm password' }}
        errors={errors}
        setErrors={setErrors}
        facts={facts}
      />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? 'Joining...' : 'Join'}
      </Button>
    </form>
  );
}
