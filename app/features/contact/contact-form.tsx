// Owned by the contact-form work (issue 6): it replaces this with the real form.
export function ContactForm() {
  return null;
}
