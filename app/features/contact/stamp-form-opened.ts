import { CONTACT_FORM_STAMP_PATH } from '#common/contact-fields.ts';

let stamped = false;

/**
 * Asks the server for the form's stamp (a cookie with the signed moment it was opened), once per
 * visit. A failed request is harmless: the message is then judged like an API client's.
 */
export function stampFormOpened(): void {
  if (stamped) return;
  stamped = true;
  void fetch(CONTACT_FORM_STAMP_PATH, { credentials: 'same-origin', cache: 'no-store' }).catch(() => {
    stamped = false;
  });
}
