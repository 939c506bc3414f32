/**
 * How the server says "this needs a signed-in admin, and the request had none": a 401 with this
 * `WWW-Authenticate` challenge (HTTP requires one on every 401). Other 401s, such as a wrong password
 * at login or a wrong code, are refused credentials and carry no such challenge: the browser must
 * not read them as an ended session.
 */
export const SESSION_CHALLENGE = 'Session';

/** Whether an answer's status and `WWW-Authenticate` header say that a session is required. */
export function asksForSession(status: number, challenge: string | null | undefined): boolean {
  return status === 401 && typeof challenge === 'string' && challenge.trim().split(/[\s,]/)[0] === SESSION_CHALLENGE;
}
