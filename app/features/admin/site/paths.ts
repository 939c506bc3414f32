/*
 * The editor addresses every input by the same dotted path the API keys its 400 errors by
 * ("hours.days.0.closes"), so a server message lands under the input it names.
 */

export function getAt(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A copy of `root` with `value` at `path`; only the objects and arrays along the path are copied. */
export function setAt<T>(root: T, path: string, value: unknown): T {
  const [key, ...rest] = path.split('.');
  const container = (root ?? {}) as Record<string, unknown> | unknown[];
  const next = rest.length === 0 ? value : setAt((container as Record<string, unknown>)[key!], rest.join('.'), value);
  if (Array.isArray(container)) {
    const copy = [...container];
    copy[Number(key)] = next;
    return copy as T;
  }
  return { ...container, [key!]: next } as T;
}

/** The id of the input for a path: "site-studio-hours-days-0-closes". */
export const fieldId = (section: string, path: string) => `site-${section}-${path.replace(/\./g, '-')}`;

/** Whether `path` is `prefix` itself or lies inside it. */
export const isWithin = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}.`);
