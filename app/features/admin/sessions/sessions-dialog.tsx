import { MonitorSmartphone } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { DialogCloseButton } from '#app/components/ui/dialog-parts.tsx';
import { cn } from '#app/lib/cn.ts';
import { SessionsList } from './sessions-list.tsx';

/** The Sessions view: one's own from the account menu, or (the owner's, from the staff page) a person's. */
export function SessionsDialog({
  open,
  onOpenChange,
  person,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  person?: { id: number; name: string };
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content
          className={cn(
            'fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 -translate-y-1/2',
            'overflow-y-auto rounded-2xl border border-line bg-surface-raised p-6 shadow-2xl focus:outline-none',
          )}
        >
          <Dialog.Title className="flex items-center gap-2 pr-8 text-xl font-bold text-fg">
            <MonitorSmartphone aria-hidden className="size-5 shrink-0 text-accent" />
            {person ? `Sessions of ${person.name}` : 'Sessions'}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-fg-muted">
            {person
              ? 'Every browser signed in as them. Ending one signs it out at its next click.'
              : 'Every browser signed in as you. End one you do not recognise: it is signed out at its next click.'}
          </Dialog.Description>
          <div className="mt-6">{open ? <SessionsList person={person?.id} /> : null}</div>
          <DialogCloseButton />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
