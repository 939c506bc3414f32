import { useState } from 'react';
import { firstErrors } from '#common/validation.ts';
import { hasFieldErrors, type ApiResult } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';

/**
 * The wiring the account dialogs (profile, password) share: the messages under their fields, the
 * pending state of the one request, and what its answer does. Field errors go under the fields;
 * anything else (no connection, a refusal about the whole request) is a toast. Closing the dialog
 * clears the messages, so it opens clean.
 */
export function useAccountDialog(onOpenChange: (open: boolean) => void, failure: string) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  async function send<T>(request: () => Promise<ApiResult<T>>, saved: (data: T) => void): Promise<void> {
    setPending(true);
    const result = await request();
    setPending(false);
    if (result.ok) {
      saved(result.data);
      onOpenChange(false);
    } else if (result.status === 0) {
      toast({ title: 'Error', description: 'Unable to connect to server', variant: 'destructive' });
    } else if (hasFieldErrors(result.errors) && !result.errors.body) {
      setErrors(firstErrors(result.errors));
    } else {
      toast({ title: 'Error', description: result.serverMessage ?? failure, variant: 'destructive' });
    }
  }

  const openChange = (next: boolean) => {
    if (!next) setErrors({});
    onOpenChange(next);
  };

  return { errors, setErrors, pending, send, onOpenChange: openChange };
}
