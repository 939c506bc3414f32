import { useEffect, useState } from 'react';
import { loadPasswordStrength, personalWords, type PasswordStrength, type PersonalFacts } from '#common/password-strength.ts';

/** Long enough that a fast typist is not judged letter by letter (each judgement takes the main thread a moment). */
const PAUSE_MS = 150;

/**
 * The strength of a password as it is typed, judged after a short pause; null while the field is
 * empty and until zxcvbn has loaded (its word lists are fetched on first use, never before).
 */
export function usePasswordStrength(password: string, facts: PersonalFacts): PasswordStrength | null {
  const [strength, setStrength] = useState<PasswordStrength | null>(null);
  // A string, so a new facts object with the same words does not judge again.
  const words = personalWords(facts).join('\n');
  useEffect(() => {
    // An empty field shows nothing (see the return below); the last judgement stays until the next one.
    if (password === '') return;
    let current = true;
    const timer = setTimeout(() => {
      void loadPasswordStrength().then(
        (check) => current && setStrength(check(password, words.split('\n'))),
        () => current && setStrength(null),
      );
    }, PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, words]);
  return password === '' ? null : strength;
}
