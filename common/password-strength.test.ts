import { describe, expect, it } from 'vitest';
import { checkPasswordStrength, personalWords, PASSWORD_MIN_SCORE } from './password-strength.ts';

const OWNER = { username: 'owner', email: 'alex@harbour-lights.example', displayName: 'Alex Rivera', studioName: 'Harbour Lights' };

describe('password strength', () => {
  it('refuses the most common passwords and says why in plain words', async () => {
    for (const password of ['password', '12345678']) {
      const strength = await checkPasswordStrength(password, OWNER);
      expect(strength).toMatchObject({ score: 0, label: 'Too weak', acceptable: false });
      expect(strength.reason).toBe('This is one of the most common passwords. Add a few more words.');
    }
  });

  it('refuses the studio’s name with a number, as typed or run together, and names the reason', async () => {
    for (const password of ['Harbour Lights123', 'harbourlights123', 'HarbourLights2026']) {
      const strength = await checkPasswordStrength(password, OWNER);
      expect(strength.acceptable, password).toBe(false);
      expect(strength.score).toBeLessThan(PASSWORD_MIN_SCORE);
    }
    expect((await checkPasswordStrength('harbourlights123', OWNER)).reason).toContain('studio’s name');
  });

  it('counts the owner’s own name and e-mail as guessable', async () => {
    const withoutFacts = await checkPasswordStrength('alexrivera1990', {});
    const withFacts = await checkPasswordStrength('alexrivera1990', OWNER);
    expect(withFacts.score).toBeLessThan(withoutFacts.score);
    expect(withFacts.acceptable).toBe(false);
  });

  it('accepts a passphrase of four random words', async () => {
    const strength = await checkPasswordStrength('velvet tractor oyster lamp', OWNER);
    expect(strength).toEqual({ score: 4, label: 'Strong', acceptable: true, reason: null });
  });

  it('keeps the minimum length whatever the score, and the meter does not call a short password good', async () => {
    const strength = await checkPasswordStrength('Xq7#vK2', OWNER);
    expect(strength).toMatchObject({ acceptable: false, reason: 'Password must be at least 8 characters' });
    expect(strength.score).toBeLessThanOrEqual(1);
  });

  it('gives zxcvbn each fact, its words and the words run together', () => {
    expect(personalWords({ studioName: 'Harbour Lights', email: 'alex@harbour-lights.example', firstName: null })).toEqual([
      'harbour lights',
      'harbour',
      'lights',
      'harbourlights',
      'alex@harbour-lights.example',
      'alex',
      'example',
      'alexharbourlightsexample',
      // "harbourlights" is there already, from the studio's name.
      'harbour-lights',
    ]);
  });
});
