import type * as ContactRules from '#common/contact.ts';

let validation: Promise<typeof ContactRules> | undefined;

/**
 * The shared zod rules, fetched the first time the visitor touches the form rather than with the
 * page: a visitor who only reads never downloads them. Later calls reuse the same module.
 */
export function loadContactValidation() {
  validation ??= import('#common/contact.ts');
  return validation;
}
