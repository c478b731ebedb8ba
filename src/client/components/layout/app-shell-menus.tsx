import type { User } from '#core/schemas/auth';
import { LogOut, UserPen, Users } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { permissionsOf } from '../../lib/permissions';
import {
  Avatar,
  isActive,
  NAV_MENU_TRIGGER_CLASS,
  navMenuLabel,
  NavMenuTriggerContent,
  profileDisplayName,
  type NavItem,
} from './app-shell-parts';

// The shell's two drop-down menus (Radix's menu, positioning and focus handling): loaded when
// one is first wanted (see LazyMenu in app-shell.tsx), not with every screen.

/** The account menu below the widest layout: name, email, Edit Profile, Log out. */
export function AccountMenu({ user, defaultOpen }: { user: User; defaultOpen?: boolean }) {
  const name = profileDisplayName(user);
  // Administrators have no profile to edit.
  const canEditProfile = user.role === 'farmer' || user.role === 'restaurant';
  const managesTeam = permissionsOf(user).can('team.manage');
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        className="flex min-h-11 items-center gap-2 rounded-md px-1 hover:bg-stone-100 xl:hidden"
        aria-label={`Account menu for ${name}`}
      >
        <Avatar user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-56 rounded-lg border border-stone-200 bg-white p-1 shadow-lg"
        >
          <div className="px-3 py-2">
            <p className="truncate text-sm font-medium">{name}</p>
            <p className="truncate text-xs text-stone-500">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-stone-200" />
          {canEditProfile ? (
            <DropdownMenu.Item asChild>
              <Link
                to="/profile/edit"
                className="flex min-h-11 items-center gap-2 rounded-md px-3 text-sm outline-none data-[highlighted]:bg-stone-100"
              >
                <UserPen className="size-4" aria-hidden="true" /> Edit Profile
              </Link>
            </DropdownMenu.Item>
          ) : null}
          {managesTeam ? (
            <DropdownMenu.Item asChild>
              <Link
                to="/team"
                className="flex min-h-11 items-center gap-2 rounded-md px-3 text-sm outline-none data-[highlighted]:bg-stone-100"
              >
                <Users className="size-4" aria-hidden="true" /> Team
              </Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item asChild>
            <a
              href="/api/logout"
              className="flex min-h-11 items-center gap-2 rounded-md px-3 text-sm outline-none data-[highlighted]:bg-stone-100"
            >
              <LogOut className="size-4" aria-hidden="true" /> Log out
            </a>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/**
 * Below the desktop width the navigation is one Menu button that lists every item, so nothing
 * is out of view and no screen scrolls sideways on a phone.
 */
export function NavMenu({
  items,
  pathname,
  defaultOpen,
}: {
  items: NavItem[];
  pathname: string;
  defaultOpen?: boolean;
}) {
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        className={NAV_MENU_TRIGGER_CLASS}
        aria-label={navMenuLabel(items, pathname)}
      >
        <NavMenuTriggerContent />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          aria-label="Main"
          className="z-50 max-h-[var(--radix-dropdown-menu-content-available-height)] w-[min(18rem,calc(100vw-1rem))] overflow-y-auto rounded-lg border border-stone-200 bg-white p-1 shadow-lg"
        >
          {items.map((item) => (
            <DropdownMenu.Item key={item.to} asChild>
              <Link
                to={item.to}
                aria-current={isActive(item, pathname) ? 'page' : undefined}
                className={cn(
                  'flex min-h-11 items-center gap-2 rounded-md px-3 text-sm font-medium outline-none data-[highlighted]:bg-stone-100',
                  isActive(item, pathname) ? 'bg-primary-soft text-green-900' : 'text-stone-700',
                )}
              >
                {item.icon}
                {item.label}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
