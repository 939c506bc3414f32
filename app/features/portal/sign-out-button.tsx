import { LogOut } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '#app/components/ui/button.tsx';
import { api } from '#app/lib/api.ts';

/**
 * Ends the client session. With JavaScript it calls the API and reloads /portal's data; without, the
 * form posts to the same route, which answers a browser's form with a redirect to /portal.
 */
export function SignOutButton() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    await api('POST', '/api/portal/sign-out');
    setBusy(false);
    // Replace: Back must not show the signed-in page again.
    await navigate('/portal', { replace: true });
  }

  return (
    <form method="post" action="/api/portal/sign-out" onSubmit={(event) => void submit(event)}>
      <Button type="submit" variant="secondary" size="sm" disabled={busy}>
        <LogOut aria-hidden className="size-4" />
        Sign out
      </Button>
    </form>
  );
}
