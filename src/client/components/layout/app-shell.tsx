import type { User } from '#core/schemas/auth';
import { LogOut, Menu, UserPen } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Suspense, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { cn } from '../../lib/cn';
import { Brand } from './brand';
import { LoadingScreen } from './loading-screen';

export interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
  /** Other paths on which this item shows as current. */
  alsoActiveOn?: string[];
}

/** Profile image, else first letter of first name, else of the email, else F or R. */
export function avatarInitial(user: User): string {
  const fromName = user.firstName?.trim()[0];
  if (fromName) return fromName.toUpperCase();
  const fromEmail = user.email?.trim()[0];
  if (fromEmail) return fromEmail.toUpperCase();
  return user.role === 'farmer' ? 'F' : 'R';
}

export function profileDisplayName(user: User): string {
  if (user.role === 'admin') return 'Administrator';
  return user.profile?.name || (user.role === 'farmer' ? 'Farmer' : 'Restaurant');
}

function Avatar({ user }: { user: User }) {
  if (user.profileImageUrl) {
    return <img src={user.profileImageUrl} alt="" className="size-9 rounded-full object-cover" />;
  }
  return (
    <span
      aria-hidden="true"
      className="flex size-9 items-center justify-center rounded-full bg-primary-soft font-semibold text-green-900"
    >
      {avatarInitial(user)}
    </span>
  );
}

function isActive(item: NavItem, pathname: string): boolean {
  const paths = [item.to, ...(item.alsoActiveOn ?? [])];
  return paths.some(
    (path) => pathname === path || (path !== '/' && pathname.startsWith(`${path}/`)),
  );
}

export function AppShell({
  user,
  navItems,
  headerExtra,
  children,
}: {
  user: User;
  navItems: NavItem[];
  headerExtra?: ReactNode;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const name = profileDisplayName(user);
  // Administrators have no profile to edit.
  const canEditProfile = user.role === 'farmer' || user.role === 'restaurant';
  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-7xl items-center gap-3 px-4">
          <Brand />
          <nav aria-label="Main" className="hidden flex-1 items-center gap-1 lg:flex">
            {navItems.map((item) => (
              <Link
                key={item.to}
                to={item.to}
                aria-current={isActive(item, pathname) ? 'page' : undefined}
                className={cn(
                  'flex min-h-11 items-center gap-2 rounded-md px-2.5 text-sm font-medium whitespace-nowrap',
                  isActive(item, pathname)
                    ? 'bg-primary-soft text-green-900'
                    : 'text-stone-700 hover:bg-stone-100',
                )}
              >
                {item.label}
              </Link>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-2 lg:ml-0">
            <NavMenu items={navItems} pathname={pathname} />
            {headerExtra}
            <div className="hidden items-center gap-1 xl:flex">
              <Avatar user={user} />
              <span className="flex max-w-32 flex-col leading-tight 2xl:max-w-40">
                <span className="truncate text-sm font-medium">{name}</span>
                <span className="truncate text-xs text-stone-500">{user.email}</span>
              </span>
              {canEditProfile ? (
                <Link
                  to="/profile/edit"
                  className="flex min-h-11 items-center gap-1.5 rounded-md px-2 text-sm whitespace-nowrap text-stone-700 hover:bg-stone-100"
                >
                  <UserPen className="size-4" aria-hidden="true" /> Edit Profile
                </Link>
              ) : null}
              <a
                href="/api/logout"
                className="flex min-h-11 items-center gap-1.5 rounded-md px-2 text-sm whitespace-nowrap text-stone-700 hover:bg-stone-100"
              >
                <LogOut className="size-4" aria-hidden="true" /> Log out
              </a>
            </div>
            <DropdownMenu.Root>
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
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl px-4 py-6">
        <Suspense fallback={<LoadingScreen label="Loading page" inline />}>{children}</Suspense>
      </main>
    </div>
  );
}

/**
 * Below the desktop width the navigation is one Menu button that lists every item, so nothing
 * is out of view and no screen scrolls sideways on a phone.
 */
function NavMenu({ items, pathname }: { items: NavItem[]; pathname: string }) {
  const current = items.find((item) => isActive(item, pathname));
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-md border border-stone-200 px-2 text-sm font-medium text-stone-800 hover:bg-stone-100 sm:px-3 lg:hidden"
        aria-label={current ? `Menu, current page ${current.label}` : 'Menu'}
      >
        <Menu className="size-5 sm:size-4" aria-hidden="true" />
        <span className="hidden sm:inline">Menu</span>
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
