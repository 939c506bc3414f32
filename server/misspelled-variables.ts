/**
 * Variables that look like a misspelling of one of ours: `DATABSE_URL` set while `DATABASE_URL` is
 * not would otherwise leave the site on SQLite without a word. Only names close to one of ours are
 * judged, never the rest of the environment, and only when ours is unset (blank counts as unset).
 */

/** Edits (insert, delete, replace, swap two neighbours) from one name to the other. */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * How far a name may be from ours and still count as a typo of it. One edit for short names: two
 * would make HOME (set on every machine) a typo of HOST and PWD one of PORT.
 */
const tolerance = (name: string) => (name.length <= 5 ? 1 : 2);

const isSet = (value: string | undefined) => value !== undefined && value.trim() !== '';

/** One sentence per likely typo, e.g. "DATABASE_URL is not set, but DATABSE_URL is: did you mean DATABASE_URL?". */
export function misspelledVariables(env: NodeJS.ProcessEnv, known: readonly string[]): string[] {
  const ours = new Set(known);
  const sentences: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (ours.has(name) || !isSet(value)) continue;
    const spelled = name.toUpperCase();
    const meant = known
      .filter((candidate) => !isSet(env[candidate]))
      .map((candidate) => ({ candidate, distance: editDistance(spelled, candidate) }))
      .filter(({ candidate, distance }) => distance <= tolerance(candidate))
      .sort((a, b) => a.distance - b.distance)[0]?.candidate;
    if (meant) sentences.push(`${meant} is not set, but ${name} is: did you mean ${meant}?`);
  }
  return sentences;
}
