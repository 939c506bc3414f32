import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { api } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';

const logoutFailed = () => toast({ title: 'Logout error', description: 'There was an error logging out.', variant: 'destructive' });

export function LogoutButton({ onLoggedOut }: { onLoggedOut: () => void }) {
  const [pending, setPending] = useState(false);

  async function logout() {
    setPending(true);
    const result = await api('POST', '/api/admin/logout');
    setPending(false);
    if (!result.ok) return logoutFailed();
    toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
    onLoggedOut();
  }

  return (
    <Button variant="secondary" size="sm" onClick={logout} disabled={pending}>
      <LogOut aria-hidden className="size-4" />
      {pending ? 'Logging out...' : 'Logout'}
    </Button>
  );
}
