import type { Dispatch, SetStateAction } from 'react';
import type { PersonalFacts } from '#common/password-strength.ts';
import { PasswordField } from '#app/components/ui/password-field.tsx';
import { NewPasswordField } from './new-password-field.tsx';

interface ChosenPasswordFieldsProps {
  /** Prefixes the two fields' ids (`{idPrefix}-password`, `{idPrefix}-confirm-password`). */
  idPrefix: string;
  labels: { password: string; confirm: string };
  errors: Record<string, string>;
  /** The form's messages: the password's refusal goes as soon as it is edited. */
  setErrors: Dispatch<SetStateAction<Record<string, string>>>;
  facts: PersonalFacts;
}

/**
 * A password chosen on a page of its own (the reset link, the invitation): the new one with its
 * strength as it is typed, then the same again. The form posts them as `password` and `confirmPassword`.
 */
export function ChosenPasswordFields({ idPrefix, labels, errors, setErrors, facts }: ChosenPasswordFieldsProps) {
  return (
    <>
      <NewPasswordField
        id={`${idPrefix}-password`}
        name="password"
        label={labels.password}
        error={errors.password}
        facts={facts}
        onEdited={() => setErrors(({ password: _, ...others }) => others)}
      />
      <PasswordField
        id={`${idPrefix}-confirm-password`}
        name="confirmPassword"
        label={labels.confirm}
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
      />
    </>
  );
}
