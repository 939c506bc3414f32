import { describe, expect, it } from 'vitest';
import { archiveNames, safeEntryName } from './entry-names.ts';

describe('archive entry names', () => {
  it.each([
    ['mix.wav', 'mix.wav'],
    ['/etc/passwd', 'etc/passwd'],
    ['../../.ssh/authorized_keys', '.ssh/authorized_keys'],
    ['..\\..\\evil.wav', 'evil.wav'],
    ['stems/./../kick.wav', 'stems/kick.wav'],
    ['C:\\Users\\me\\mix.wav', 'C_/Users/me/mix.wav'],
    ['what? "final" <v2>|*.wav', 'what_ _final_ _v2___.wav'],
    ['tab\there\u0000\u2028.wav', 'tab_here__.wav'],
    ['  master.wav. ', 'master.wav'],
    ['con.wav', '_con.wav'],
    ['LPT1', '_LPT1'],
    ['console.wav', 'console.wav'],
    ['', 'file'],
    ['../..', 'file'],
    ['Cafe\u0301.wav', 'Caf\u00e9.wav'],
  ])('makes %j safe to extract: %j', (name, safe) => {
    expect(safeEntryName(name)).toBe(safe);
  });

  it('numbers a name already taken before its extension, ignoring case', () => {
    expect(archiveNames(['mix.wav', 'mix.wav', 'MIX.wav', 'mix (2).wav', 'notes', 'notes', '.env', '.env', 'a.b/c', 'a.b/c'])).toEqual([
      'mix.wav',
      'mix (2).wav',
      'MIX (3).wav',
      'mix (2) (2).wav',
      'notes',
      'notes (2)',
      '.env',
      '.env (2)',
      'a.b/c',
      'a.b/c (2)',
    ]);
  });

  it('counts names that only became equal once made safe', () => {
    expect(archiveNames(['/mix.wav', 'mix.wav', '..\\mix.wav', 'Cafe\u0301.wav', 'Caf\u00e9.wav'])).toEqual([
      'mix.wav',
      'mix (2).wav',
      'mix (3).wav',
      'Caf\u00e9.wav',
      'Caf\u00e9 (2).wav',
    ]);
  });

  it('changes nothing the second time, so the route and the ZIP writer can both apply it', () => {
    const once = archiveNames(['mix.wav', 'mix.wav', '../x/con.wav', 'a. ', 'A', ' b ']);
    expect(archiveNames(once)).toEqual(once);
  });
});
