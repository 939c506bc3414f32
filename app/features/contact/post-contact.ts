import type { ContactFieldErrors, ContactSubmissionData } from '#common/contact.ts';
import { CONTACT_FORM_TOKEN_FIELD, CONTACT_HONEYPOT_FIELD } from '#common/contact-fields.ts';
import { CONTACT_FAILURE_FALLBACK } from '#app/content/contact-form.ts';

export type PostContactResult = { ok: true } | { ok: false; message: string; errors: ContactFieldErrors };

/**
 * POST /api/contact as the spec describes (JSON, cookies sent), plus the form's two spam fields.
 * Never throws: a network failure or an unreadable answer becomes the spec's fallback message.
 */
export async function postContact(data: ContactSubmissionData, spam: { honeypot: string; formToken: string }): Promise<PostContactResult> {
  try {
    const response = await fetch('/api/contact', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ ...data, [CONTACT_HONEYPOT_FIELD]: spam.honeypot, [CONTACT_FORM_TOKEN_FIELD]: spam.formToken }),
    });
    if (response.ok) return { ok: true };
    const body = (await response.json().catch(() => null)) as { message?: unknown; errors?: unknown } | null;
    const message = typeof body?.message === 'string' && body.message.trim() !== '' ? body.message : CONTACT_FAILURE_FALLBACK;
    const errors = body?.errors && typeof body.errors === 'object' ? (body.errors as ContactFieldErrors) : {};
    return { ok: false, message, errors };
  } catch {
    return { ok: false, message: CONTACT_FAILURE_FALLBACK, errors: {} };
  }
}
