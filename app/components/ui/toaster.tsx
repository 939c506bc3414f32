import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '#app/lib/cn.ts';
import { dismissToast, TOAST_DURATION_MS, useToasts } from '#app/lib/toast.ts';

/** Radix Toast with the spec's defaults: 5000 ms, swipe right past 50 px, F8 to focus, label Notification. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50} label="Notification">
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={cn(
            'toast-root pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-2xl',
            item.variant === 'destructive' ? 'border-danger bg-danger-surface text-white' : 'border-line-strong bg-surface-raised text-fg',
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
            {item.description ? <Toast.Description className="text-sm opacity-90">{item.description}</Toast.Description> : null}
          </div>
          {item.action ? (
            <Toast.Action
              altText={item.action.label}
              onClick={item.action.onSelect}
              className={cn(
                'ml-auto shrink-0 rounded-md border border-current px-3 py-1 text-sm font-semibold hover:bg-white/10',
                'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
              )}
            >
              {item.action.label}
            </Toast.Action>
          ) : null}
          <Toast.Close
            aria-label="Close"
            className={cn(
              'absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:outline-none',
              'focus-visible:ring-2 focus-visible:ring-accent',
            )}
          >
            <X aria-hidden className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-sm" />
    </Toast.Provider>
  );
}
