import { Copy, RotateCw } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { ConfirmDeleteDialog } from '#app/components/ui/confirm-delete-dialog.tsx';
import { inputClasses } from '#app/components/ui/form-field.tsx';
import { api } from '#app/lib/api.ts';
import { cn } from '#app/lib/cn.ts';
import { toast } from '#app/lib/toast.ts';

const REGENERATE_WARNING =
  'The current address stops working at once: calendars subscribed to it stop showing your bookings until you subscribe to the new one.';

/** The private address of every booking, for the owner's calendar app; a new one stops the old at once. */
export function SubscriptionPanel({ url, onChange }: { url: string; onChange: (url: string) => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Success', description: 'Subscription address copied' });
    } catch {
      toast({ title: 'Error', description: 'Could not copy: select the address and copy it yourself', variant: 'destructive' });
    }
  };
  const regenerate = async () => {
    const result = await api<{ subscriptionUrl: string }>('POST', '/api/admin/booking/subscription');
    if (!result.ok) {
      toast({ title: 'Error', description: result.serverMessage ?? result.message, variant: 'destructive' });
      return false;
    }
    onChange(result.data.subscriptionUrl);
    toast({ title: 'Success', description: 'New subscription address made. Subscribe to it again in your calendar app.' });
    return true;
  };

  return (
    <div className="grid gap-3">
      <label htmlFor="booking-subscription" className="text-sm font-medium text-fg">
        Subscription address
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id="booking-subscription"
          readOnly
          value={url}
          onFocus={(event) => event.target.select()}
          aria-describedby="booking-subscription-hint"
          className={cn(inputClasses, 'min-w-0 flex-1 basis-72 py-2.5 font-mono text-sm')}
        />
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden className="size-4" />
          Copy
        </Button>
      </div>
      <p id="booking-subscription-hint" className="text-xs text-fg-subtle">
        Add it in your calendar app as a subscribed calendar (Google: Other calendars, From URL). Anyone with it sees your bookings: keep it
        private.
      </p>
      <div>
        <ConfirmDeleteDialog
          trigger={
            <>
              <RotateCw aria-hidden className="size-4" />
              Make a new subscription address
            </>
          }
          triggerLabel="Make a new subscription address (the current one stops working)"
          title="Make a new subscription address?"
          description={REGENERATE_WARNING}
          confirmLabel="Make a new address"
          pendingLabel="Making..."
          onDelete={regenerate}
        />
      </div>
    </div>
  );
}
