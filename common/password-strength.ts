import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH } from './admin-auth.ts';

// The one judge of a new admin password, for the server (which refuses) and the admin forms (which
// show the meter). zxcvbn's word lists are megabytes: they are imported on first use only, so the
// public pages never load them and the server pays for them when a password is first set.

/** zxcvbn's score (0 to 4) a new password needs: 3 is "safely unguessable" against an online attack and a slow hash. */
export const PASSWORD_MIN_SCORE = 3;

/** The meter's words, one per zxcvbn score. */
export const STRENGTH_LABELS = ['Too weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;

export type StrengthScore = 0 | 1 | 2 | 3 | 4;

export interface PasswordStrength {
  score: StrengthScore;
  label: (typeof STRENGTH_LABELS)[StrengthScore];
  acceptable: boolean;
  /** Why it is refused, in one line (what is wrong, then what to do); null when it is accepted. */
  reason: string | null;
}

/** What the person is known by: a password made of these is guessed first, so zxcvbn counts them as cheap. */
export interface PersonalFacts {
  username?: string | null;
  email?: string | null;
  displayName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  studioName?: string | null;
}

/**
 * The facts as zxcvbn's user inputs: each as written, its words one by one and run together
 * ("Harbour Lights" also as "harbour", "lights", "harbourlights"), an e-mail's name and domain.
 */
export function personalWords(facts: PersonalFacts): string[] {
  const words = new Set<string>();
  const add = (text: string) => {
    words.add(text);
    const parts = text.split(/[^\p{L}\p{N}]+/u).filter((part) => part.length >= 3);
    for (const part of parts) words.add(part);
    if (parts.length > 1) words.add(parts.join(''));
  };
  // By name, not Object.values: a caller that passes a whole row must not hand over its other columns.
  const { username, email, displayName, firstName, lastName, studioName } = facts;
  for (const fact of [studioName, username, email, displayName, firstName, lastName]) {
    if (typeof fact !== 'string' || fact.trim() === '') continue;
    const text = fact.trim().toLowerCase();
    add(text);
    // An address is two facts: the name before the @ and the domain without its ending.
    const [local, domain] = text.split('@');
    if (local && domain) for (const part of [local, domain.replace(/\.[^.]+$/, '')]) add(part);
  }
  return [...words];
}

// Plainer words than zxcvbn's own for the warnings an owner is most likely to meet.
const PLAIN_WARNINGS = {
  topTen: 'This is one of the most common passwords.',
  topHundred: 'This is one of the most common passwords.',
  common: 'This is a common password.',
  similarToCommon: 'This is too close to a common password.',
  userInputs: 'It contains your name, e-mail address or the studio’s name.',
  wordByItself: 'A single word is easy to guess.',
};
const PLAIN_SUGGESTIONS = {
  anotherWord: 'Add a few more words.',
  useWords: 'Use several words, not a common phrase.',
};
const EASY_TO_GUESS = 'This password is easy to guess.';
/** Characters zxcvbn looks at; a longer password is judged by its start. */
const JUDGED_LENGTH = 64;

export type PasswordStrengthCheck = (password: string, personal: readonly string[]) => PasswordStrength;

let loading: Promise<PasswordStrengthCheck> | undefined;

/** Loads zxcvbn and its English and common word lists once (a few hundred milliseconds of set-up). */
export function loadPasswordStrength(): Promise<PasswordStrengthCheck> {
  loading ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    const { translations } = english;
    const zxcvbn = new ZxcvbnFactory({
      // zxcvbn's time grows steeply with length and with characters that stand for letters ("4", "$", "|"):
      // 128 of them took seconds. The first 64 characters are judged, with few letter swaps tried, which
      // keeps the worst case to a few hundred milliseconds (docs/decisions/090-strong-passwords-and-security-emails.md).
      maxLength: JUDGED_LENGTH,
      l33tMaxSubstitutions: 3,
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      translations: {
        ...translations,
        warnings: { ...translations.warnings, ...PLAIN_WARNINGS },
        suggestions: { ...translations.suggestions, ...PLAIN_SUGGESTIONS },
      },
    });
    return (password, personal) => judge(password, zxcvbn.check(password, [...personal]));
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

function judge(password: string, result: { score: number; feedback: { warning: string | null; suggestions: string[] } }): PasswordStrength {
  const tooShort = password.length < PASSWORD_MIN_LENGTH;
  // A short password is refused whatever zxcvbn thinks of it, so the meter does not call it good.
  const score = (tooShort ? Math.min(result.score, 1) : result.score) as StrengthScore;
  const acceptable = !tooShort && score >= PASSWORD_MIN_SCORE;
  let reason: string | null = null;
  if (tooShort) reason = AUTH_MESSAGES.passwordTooShort;
  else if (!acceptable) {
    const { warning, suggestions } = result.feedback;
    reason = [warning || EASY_TO_GUESS, suggestions[0] ?? PLAIN_SUGGESTIONS.anotherWord].join(' ');
  }
  return { score, label: STRENGTH_LABELS[score], acceptable, reason };
}

/** The whole check in one call: loads zxcvbn if it is not loaded yet. */
export async function checkPasswordStrength(password: string, facts: PersonalFacts): Promise<PasswordStrength> {
  const check = await loadPasswordStrength();
  return check(password, personalWords(facts));
}
