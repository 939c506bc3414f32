import { ChevronDown, IdCard, KeyRound, Mail, MonitorSmartphone, ShieldCheck, UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { adminShownName, type AdminProfile } from '#common/admin-auth.ts';
import { buttonClasses } from '#app/components/ui/button.tsx';
import { SessionsDialog } from '#app/features/admin/sessions/sessions-dialog.tsx';
import { ChangePasswordDialog } from './change-password-dialog.tsx';
import { NoticesDialog } from './notices-dialog.tsx';
import { ProfileDialog } from './profile-dialog.tsx';
import { TwoFactorDialog } from './two-factor-dialog.tsx';
import { cn } from '#app/lib/cn.ts';

const menuItemClasses = cn(
  'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-fg outline-none',
  'data-[highlighted]:bg-accent-soft data-[highlighted]:text-accent',
);

/**
 * The signed-in admin's name (the display name, else the username), opening a menu with account
 * actions: profile, change password, two-factor login, the sessions signed in, the e-mail notices.
 * `onProfileChanged` gets the saved profile.
 */
export function AccountMenu({ admin, onProfileChanged }: { admin: AdminProfile; onProfileChanged: (admin: AdminProfile) => void }) {
  const [editingProfile, setEditingProfile] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const [twoFactorOpen, setTwoFactorOpen] = useState(false);
  const [sessionsOpen, setSessionsOpen] = useState(false);
  const [noticesOpen, setNoticesOpen] = useState(false);
  const shownName = adminShownName(admin);
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className={buttonClasses('ghost', 'sm', 'max-w-[12rem]')} aria-label={`Account menu for ${shownName}`}>
          <UserRound aria-hidden className="size-4 shrink-0" />
          <span className="truncate">{shownName}</span>
          <ChevronDown aria-hidden className="size-4 shrink-0" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={8}
            className="z-50 min-w-56 rounded-xl border border-line-strong bg-surface-raised p-1.5 shadow-2xl"
          >
            <DropdownMenu.Label className="px-3 py-2 text-xs text-fg-subtle">
              Signed in as{' '}
              <span className="block truncate text-sm text-fg">{admin.displayName ? `${shownName} (${admin.username})` : shownName}</span>
              <span className="block truncate">{admin.email}</span>
            </DropdownMenu.Label>
            <DropdownMenu.Separator className="my-1 h-px bg-line" />
            <DropdownMenu.Item onSelect={() => setEditingProfile(true)} className={menuItemClasses}>
              <IdCard aria-hidden className="size-4" />
              Profile
            </DropdownMenu.Item>
            <DropdownMenu.Item onSelect={() => setChangingPassword(true)} className={menuItemClasses}>
              <KeyRound aria-hidden className="size-4" />
              Change password
            </DropdownMenu.Item>
            <DropdownMenu.Item onSelect={() => setTwoFactorOpen(true)} className={menuItemClasses}>
              <ShieldCheck aria-hidden className="size-4" />
              Two-factor authentication
            </DropdownMenu.Item>
            <DropdownMenu.Item onSelect={() => setSessionsOpen(true)} className={menuItemClasses}>
              <MonitorSmartphone aria-hidden className="size-4" />
              Sessions
            </DropdownMenu.Item>
            <DropdownMenu.Item onSelect={() => setNoticesOpen(true)} className={menuItemClasses}>
              <Mail aria-hidden className="size-4" />
              E-mail notices
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ProfileDialog admin={admin} open={editingProfile} onOpenChange={setEditingProfile} onSaved={onProfileChanged} />
      <ChangePasswordDialog admin={admin} open={changingPassword} onOpenChange={setChangingPassword} />
      <TwoFactorDialog open={twoFactorOpen} onOpenChange={setTwoFactorOpen} />
      <SessionsDialog open={sessionsOpen} onOpenChange={setSessionsOpen} />
      <NoticesDialog open={noticesOpen} onOpenChange={setNoticesOpen} />
    </>
  );
}
