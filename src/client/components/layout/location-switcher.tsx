import { MapPin } from 'lucide-react';
import { Button } from '../ui/button';
import { toast } from '../ui/toast';
import { useAuth } from '../../lib/auth';
import { currentMembership, useSwitchBusiness } from '../../lib/business';

/**
 * Which location of a restaurant group is ordering, and the group's other locations one tap
 * away (docs/groups.md). Nothing for a restaurant of no group. Switching empties the cart: an
 * order is one location's.
 */
export function LocationSwitcher({ compact = false }: { compact?: boolean }) {
  const { user } = useAuth();
  const switchBusiness = useSwitchBusiness();
  if (!user) return null;
  const current = currentMembership(user);
  if (!current?.groupId) return null;
  const locations = (user.memberships ?? []).filter(
    (membership) => membership.kind === 'restaurant' && membership.groupId === current.groupId,
  );
  if (compact) {
    return (
      <p className="flex items-center gap-1 px-4 pt-2 text-sm text-stone-700">
        <MapPin className="size-4 text-primary" aria-hidden="true" />
        Ordering for <strong className="font-semibold">{current.name}</strong>
      </p>
    );
  }
  return (
    <section
      aria-label="Ordering location"
      className="flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-3"
    >
      <p className="flex items-center gap-1 text-sm text-stone-700">
        <MapPin className="size-4 text-primary" aria-hidden="true" />
        Ordering for <strong className="font-semibold">{current.name}</strong>
      </p>
      {locations.length > 1 ? (
        <div className="flex flex-wrap gap-2">
          {locations.map((location) => (
            <Button
              key={location.id}
              size="sm"
              variant={location.id === current.id ? 'primary' : 'outline'}
              aria-pressed={location.id === current.id}
              disabled={switchBusiness.isPending}
              onClick={() => {
                if (location.id === current.id) return;
                switchBusiness.mutate(
                  { kind: 'restaurant', id: location.id },
                  {
                    onError: () =>
                      toast({
                        title: 'The location was not switched',
                        description: 'Please try again.',
                        variant: 'destructive',
                      }),
                  },
                );
              }}
            >
              {location.name}
            </Button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
