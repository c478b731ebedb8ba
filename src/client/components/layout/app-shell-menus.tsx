import { BUSINESS_ROLE_LABELS } from '#core/permissions';
import type { Membership, User } from '#core/schemas/auth';
import { Check, LogOut, UserPen, Users } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link, useNavigate } from 'react-router';
import { toast } from '../ui/toast';
import { ApiError } from '../../lib/api';
import { currentMembership, useSwitchBusiness } from '../../lib/business';
import { cn } from '../../lib/cn';
import { permissionsOf } from '../../lib/permissions';
import {
  Avatar,
  BUSINESS_MENU_TRIGGER_CLASS,
  BusinessMenuTriggerContent,
  businessMenuLabel,
  hasSeveralBusinesses,
  isActive,
  NAV_MENU_TRIGGER_CLASS,
  navMenuLabel,
  NavMenuTriggerContent,
  profileDisplayName,
  type NavItem,
} from './app-shell-parts';

// The shell's two drop-down menus (Radix's menu, positioning and focus handling): loaded when
// one is first wanted (see LazyMenu in app-shell.tsx), not with every screen.

const KIND_LABELS: Record<Membership['kind'], string> = { farm: 'Farm', restaurant: 'Restaurant' };
const membershipKey = (membership: Pick<Membership, 'kind' | 'id'>) =>
  `${membership.kind}:${membership.id}`;

/**
 * Switching to another of the person's businesses: the session acts for it, what was read for
 * the one before is dropped (actForBusinessOf), and its dashboard opens.
 */
function useBusinessSwitch(user: User) {
  const switchBusiness = useSwitchBusiness();
  const navigate = useNavigate();
  const memberships = user.memberships ?? [];
  const current = currentMembership(user);
  const choose = (key: string) => {
    const target = memberships.find((membership) => membershipKey(membership) === key);
    if (!target || (current && membershipKey(current) === key)) return;
    switchBusiness.mutate(
      { kind: target.kind, id: target.id },
      {
        onSuccess: () => {
          toast({ title: `Now acting for ${target.name}`, description: roleLine(target) });
          void navigate('/', { replace: true });
        },
        onError: (error) =>
          toast({
            title: 'Could not switch',
            description:
              error instanceof ApiError ? error.userMessage('Please try again.') : undefined,
            variant: 'destructive',
          }),
      },
    );
  };
  return {
    memberships,
    value: current ? membershipKey(current) : '',
    choose,
    pending: switchBusiness.isPending,
  };
}

function roleLine(membership: Membership): string {
  return `${KIND_LABELS[membership.kind]} · ${BUSINESS_ROLE_LABELS[membership.businessRole]}`;
}

type BusinessSwitch = ReturnType<typeof useBusinessSwitch>;

/**
 * The person's businesses as a radio group of a menu, the one acted for checked. The switch
 * itself belongs to the menu's root, which stays when the chosen item's menu closes.
 */
function BusinessItems({ businesses }: { businesses: BusinessSwitch }) {
  const { memberships, value, choose, pending } = businesses;
  return (
    <DropdownMenu.RadioGroup value={value} onValueChange={choose} aria-label="Your businesses">
      {memberships.map((membership) => (
        <DropdownMenu.RadioItem
          key={membershipKey(membership)}
          value={membershipKey(membership)}
          disabled={pending}
          className="flex min-h-11 items-center gap-2 rounded-md py-1.5 pr-3 pl-8 text-sm outline-none data-[disabled]:opacity-60 data-[highlighted]:bg-stone-100 relative"
        >
          <DropdownMenu.ItemIndicator className="absolute left-2.5 inline-flex">
            <Check className="size-4 text-primary" aria-hidden="true" />
          </DropdownMenu.ItemIndicator>
          <span className="flex min-w-0 flex-col">
            <span className="truncate font-medium">{membership.name}</span>
            <span className="text-xs text-stone-500">{roleLine(membership)}</span>
          </span>
        </DropdownMenu.RadioItem>
      ))}
    </DropdownMenu.RadioGroup>
  );
}

/** The widest layout's business switcher beside the account: the business acted for, a menu. */
export function BusinessMenu({ user, defaultOpen }: { user: User; defaultOpen?: boolean }) {
  const businesses = useBusinessSwitch(user);
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        className={BUSINESS_MENU_TRIGGER_CLASS}
        aria-label={businessMenuLabel(user)}
      >
        <BusinessMenuTriggerContent user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-64 rounded-lg border border-stone-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2 text-xs font-medium text-stone-500">
            Act for
          </DropdownMenu.Label>
          <BusinessItems businesses={businesses} />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The account menu below the widest layout: name, email, Edit Profile, Log out. */
export function AccountMenu({ user, defaultOpen }: { user: User; defaultOpen?: boolean }) {
  const name = profileDisplayName(user);
  // Administrators have no profile to edit.
  const canEditProfile = user.role === 'farmer' || user.role === 'restaurant';
  const managesTeam = permissionsOf(user).can('team.manage');
  const businesses = useBusinessSwitch(user);
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
          {hasSeveralBusinesses(user) ? (
            <>
              <DropdownMenu.Label className="px-3 pt-1 text-xs font-medium text-stone-500">
                Act for
              </DropdownMenu.Label>
              <BusinessItems businesses={businesses} />
              <DropdownMenu.Separator className="my-1 h-px bg-stone-200" />
            </>
          ) : null}
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
