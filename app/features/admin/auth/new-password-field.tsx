import { useState } from 'react';
import { loadPasswordStrength, type PersonalFacts } from '#common/password-strength.ts';
import { PasswordField } from '#app/components/ui/password-field.tsx';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';
import { usePasswordStrength } from './use-password-strength.ts';

interface NewPasswordFieldProps {
  id: string;
  name: string;
  label: string;
  error?: string;
  /** What the owner is known by: a password made of it rates low, as the server will judge it. */
  facts: PersonalFacts;
  /** The password was edited: an error about the old one no longer holds (the meter speaks for the new one). */
  onEdited: () => void;
}

/** A new password with its strength shown as it is typed (the same judge the server refuses with). */
export function NewPasswordField({ id, name, label, error, facts, onEdited }: NewPasswordFieldProps) {
  const [password, setPassword] = useState('');
  const strength = usePasswordStrength(password, facts);
  return (
    <>
      <PasswordField
        id={id}
        name={name}
        label={label}
        autoComplete="new-password"
        required
        error={error}
        describedBy={`${id}-strength`}
        onFocus={() => void loadPasswordStrength().catch(() => {})}
        onChange={(event) => {
          setPassword(event.currentTarget.value);
          if (error) onEdited();
        }}
      />
      {/* The field's own error already says why: the meter then gives only its word. */}
      <PasswordStrengthMeter id={`${id}-strength`} strength={strength} showReason={!error} />
    </>
  );
}
