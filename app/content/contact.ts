/** Contact page copy. The facts it states (e-mail, hours, reply time, FAQ, prices) are the owner's, from the site content. */

/** The intro above the contact form; the reply time is the owner's promise (studio.responseHours). */
export function contactIntro(responseHours: number): string {
  return `Tell us about your project. We reply within ${responseHours} hours to schedule your free initial consultation.`;
}
