import type { User } from '#core/schemas/auth';
import { ChevronsUpDown, Menu } from 'lucide-react';
import type { ReactNode } from 'react';

export interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
  /** Other paths on which this item shows as current. */
  alsoActiveOn?: string[];
  /** Current on its own paths only, not on the paths below them (whose items are their own). */
  exact?: boolean;
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

export function Avatar({ user }: { user: User }) {
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

export function isActive(item: NavItem, pathname: string): boolean {
  const paths = [item.to, ...(item.alsoActiveOn ?? [])];
  return paths.some(
    (path) => pathname === path || (!item.exact && path !== '/' && pathname.startsWith(`${path}/`)),
  );
}

export const NAV_MENU_TRIGGER_CLASS =
  'flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-md border border-stone-200 px-2 text-sm font-medium text-stone-800 hover:bg-stone-100 sm:px-3 xl:hidden';

/** The Menu button's name: "Menu, current page Orders". */
export function navMenuLabel(items: NavItem[], pathname: string): string {
  const current = items.find((item) => isActive(item, pathname));
  return current ? `Menu, current page ${current.label}` : 'Menu';
}

export function NavMenuTriggerContent() {
  return (
    <>
      <Menu className="size-5 sm:size-4" aria-hidden="true" />
      <span className="hidden sm:inline">Menu</span>
    </>
  );
}

/** Whether the person has businesses to switch between. */
export function hasSeveralBusinesses(user: User): boolean {
  return (user.memberships?.length ?? 0) > 1;
}

export const BUSINESS_MENU_TRIGGER_CLASS =
  'flex min-h-11 items-center gap-1 rounded-md px-1.5 text-left hover:bg-stone-100';

/** The business switcher's name: "Switch business, acting for Kula Greens". */
export function businessMenuLabel(user: User): string {
  return `Switch business, acting for ${profileDisplayName(user)}`;
}

/** The widest layout's account name and email, which open the switcher when there is one. */
export function AccountName({ user }: { user: User }) {
  return (
    <span className="flex max-w-24 flex-col leading-tight 2xl:max-w-40">
      <span className="truncate text-sm font-medium">{profileDisplayName(user)}</span>
      <span className="truncate text-xs text-stone-500">{user.email}</span>
    </span>
  );
}

export function BusinessMenuTriggerContent({ user }: { user: User }) {
  return (
    <>
      <AccountName user={user} />
      <ChevronsUpDown className="size-4 shrink-0 text-stone-500" aria-hidden="true" />
    </>
  );
}
