import type { User } from '#core/schemas/auth';
import { LogOut, UserPen, Users } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { cn } from '../../lib/cn';
import { permissionsOf } from '../../lib/permissions';
import { Brand } from './brand';
import {
  AccountName,
  Avatar,
  BUSINESS_MENU_TRIGGER_CLASS,
  BusinessMenuTriggerContent,
  businessMenuLabel,
  hasSeveralBusinesses,
  isActive,
  navMenuLabel,
  NAV_MENU_TRIGGER_CLASS,
  NavMenuTriggerContent,
  profileDisplayName,
  type NavItem,
} from './app-shell-parts';
import { LoadingScreen } from './loading-screen';

export { avatarInitial, profileDisplayName, type NavItem } from './app-shell-parts';

const loadMenus = () => import('./app-shell-menus');
const NavMenu = lazy(async () => ({ default: (await loadMenus()).NavMenu }));
const AccountMenu = lazy(async () => ({ default: (await loadMenus()).AccountMenu }));
const BusinessMenu = lazy(async () => ({ default: (await loadMenus()).BusinessMenu }));

/**
 * A drop-down menu whose code loads when it is first wanted: until then a button that looks and
 * reads the same (hovering or focusing it starts the load), and pressing it loads the menu and
 * shows it open. From then on the menu itself is rendered.
 */
function LazyMenu({
  className,
  label,
  trigger,
  menu,
}: {
  className: string;
  label: string;
  trigger: ReactNode;
  menu: (open: boolean) => ReactNode;
}) {
  const [wanted, setWanted] = useState(false);
  const placeholder = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-label={label}
      className={className}
      onPointerEnter={() => void loadMenus()}
      onFocus={() => void loadMenus()}
      onClick={() => setWanted(true)}
    >
      {trigger}
    </button>
  );
  if (!wanted) return placeholder;
  return <Suspense fallback={placeholder}>{menu(true)}</Suspense>;
}

/**
 * Edit Profile, Team and Log out beside the avatar from 1280 px: icons, named for screen readers
 * and by their titles, since a restaurant's eight navigation items leave no room for words.
 */
const ACCOUNT_LINK_CLASS =
  'flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-md px-2 text-sm whitespace-nowrap text-stone-700 hover:bg-stone-100';
const ACCOUNT_LINK_TEXT_CLASS = 'sr-only';

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
  const managesTeam = permissionsOf(user).can('team.manage');
  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
        {/* The bar spans wide screens, whose room the navigation and the account can use. */}
        <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 xl:gap-2 2xl:max-w-none">
          <Brand />
          <nav aria-label="Main" className="hidden flex-1 items-center gap-0.5 xl:flex">
            {navItems.map((item) => (
              <Link
                key={item.to}
                to={item.to}
                aria-current={isActive(item, pathname) ? 'page' : undefined}
                className={cn(
                  'flex min-h-11 items-center gap-2 rounded-md px-2 text-sm font-medium whitespace-nowrap',
                  isActive(item, pathname)
                    ? 'bg-primary-soft text-green-900'
                    : 'text-stone-700 hover:bg-stone-100',
                )}
              >
                {item.label}
              </Link>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-2 xl:ml-0 xl:gap-1">
            <LazyMenu
              className={NAV_MENU_TRIGGER_CLASS}
              label={navMenuLabel(navItems, pathname)}
              trigger={<NavMenuTriggerContent />}
              menu={(open) => <NavMenu items={navItems} pathname={pathname} defaultOpen={open} />}
            />
            {headerExtra}
            <div className="hidden items-center gap-1 xl:flex">
              <Avatar user={user} />
              {hasSeveralBusinesses(user) ? (
                <LazyMenu
                  className={BUSINESS_MENU_TRIGGER_CLASS}
                  label={businessMenuLabel(user)}
                  trigger={<BusinessMenuTriggerContent user={user} />}
                  menu={(open) => <BusinessMenu user={user} defaultOpen={open} />}
                />
              ) : (
                <AccountName user={user} />
              )}
              {canEditProfile ? (
                <Link to="/profile/edit" title="Edit Profile" className={ACCOUNT_LINK_CLASS}>
                  <UserPen className="size-4" aria-hidden="true" />
                  <span className={ACCOUNT_LINK_TEXT_CLASS}>Edit Profile</span>
                </Link>
              ) : null}
              {managesTeam ? (
                <Link to="/team" title="Team" className={ACCOUNT_LINK_CLASS}>
                  <Users className="size-4" aria-hidden="true" />
                  <span className={ACCOUNT_LINK_TEXT_CLASS}>Team</span>
                </Link>
              ) : null}
              <a href="/api/logout" title="Log out" className={ACCOUNT_LINK_CLASS}>
                <LogOut className="size-4" aria-hidden="true" />
                <span className={ACCOUNT_LINK_TEXT_CLASS}>Log out</span>
              </a>
            </div>
            <LazyMenu
              className="flex min-h-11 items-center gap-2 rounded-md px-1 hover:bg-stone-100 xl:hidden"
              label={`Account menu for ${name}`}
              trigger={<Avatar user={user} />}
              menu={(open) => <AccountMenu user={user} defaultOpen={open} />}
            />
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl px-4 py-6">
        <Suspense fallback={<LoadingScreen label="Loading page" inline />}>{children}</Suspense>
      </main>
    </div>
  );
}
