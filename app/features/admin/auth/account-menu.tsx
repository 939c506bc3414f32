import { ChevronDown, KeyRound, UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import type { AdminProfile } from '#common/admin-auth.ts';
import { buttonClasses } from '#app/components/ui/button.tsx';
import { ChangePasswordDialog } from './change-password-dialog';
import { cn } from '#app/lib/cn.ts';

/** The signed-in admin's name, opening a menu with account actions (change password). */
export function AccountMenu({ admin }: { admin: AdminProfile }) {
  const [changingPassword, setChangingPassword] = useState(false);
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className={buttonClasses('ghost', 'sm', 'max-w-[12rem]')} aria-label={`Account menu for ${admin.username}`}>
          <UserRound aria-hidden className="size-4 shrink-0" />
          <span className="truncate">{admin.username}</span>
          <ChevronDown aria-hidden className="size-4 shrink-0" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={8}
            className="z-50 min-w-56 rounded-xl border border-line-strong bg-surface-raised p-1.5 shadow-2xl"
          >
            <DropdownMenu.Label className="px-3 py-2 text-xs text-fg-subtle">
              Signed in as <span className="block truncate text-sm text-fg">{admin.email}</span>
            </DropdownMenu.Label>
            <DropdownMenu.Separator className="my-1 h-px bg-line" />
            <DropdownMenu.Item
              onSelect={() => setChangingPassword(true)}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-fg outline-none',
                'data-[highlighted]:bg-accent-soft data-[highlighted]:text-accent',
              )}
            >
              <KeyRound aria-hidden className="size-4" />
              Change password
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ChangePasswordDialog open={changingPassword} onOpenChange={setChangingPassword} />
    </>
  );
}
