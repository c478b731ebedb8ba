import { BellRing } from 'lucide-react';
import { useId } from 'react';
import { Skeleton } from '../../components/ui/skeleton';
import { Switch } from '../../components/ui/switch';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { usePermissions } from '../../lib/permissions';
import { useCutoffReminder, useSetCutoffReminder } from './api';

/**
 * The reader's own switch for the farm's reminders before its cutoff
 * (docs/cutoff-reminders.md#turning-a-farms-reminders-off). Shown to the restaurant's people
 * who are reminded (those who place its orders); a farm's people and the signed-out have none.
 */
export function CutoffReminderSwitch({ farm }: { farm: { id: number; name: string } }) {
  const { kind, can } = usePermissions();
  const shown = kind === 'restaurant' && can('orders.place');
  const setting = useCutoffReminder(farm.id, shown);
  const setReminder = useSetCutoffReminder(farm.id);
  const id = useId();
  if (!shown) return null;

  const label = `Remind me before ${farm.name}'s cutoff`;
  if (setting.isPending) {
    return (
      <div
        className="flex min-h-11 max-w-2xl items-center gap-3"
        aria-busy="true"
        aria-label="Loading your reminder setting"
      >
        <Skeleton className="size-4 rounded" />
        <div className="flex flex-1 flex-col gap-1.5">
          <Skeleton className="h-4 w-56 max-w-full" />
          <Skeleton className="h-4 w-72 max-w-full" />
        </div>
        <Skeleton className="h-6 w-11 rounded-full" />
      </div>
    );
  }
  if (setting.isError) {
    return (
      <div role="alert" className="flex min-h-11 flex-wrap items-center gap-x-3 text-sm">
        <span className="text-stone-700">Your reminder setting could not be loaded.</span>
        <button
          type="button"
          onClick={() => void setting.refetch()}
          className="min-h-11 font-medium text-primary underline-offset-2 hover:underline"
        >
          Try again
        </button>
      </div>
    );
  }

  const toggle = (enabled: boolean) =>
    setReminder.mutate(enabled, {
      onError: (error) =>
        toast({
          title: 'Reminders not changed',
          description:
            error instanceof ApiError ? error.userMessage('Please try again') : 'Please try again',
          variant: 'destructive',
        }),
    });
  return (
    // Kept narrow so that on a wide screen the switch stays beside what it turns on.
    <div className="flex min-h-11 max-w-2xl items-center gap-3 text-sm">
      <BellRing className="size-4 shrink-0 text-stone-500" aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-col py-1">
        <label htmlFor={id} className="cursor-pointer font-medium text-stone-900">
          {label}
        </label>
        <p id={`${id}-description`} className="text-stone-600">
          When you usually order and have not yet ordered for its next delivery day.
        </p>
      </div>
      <Switch
        id={id}
        aria-describedby={`${id}-description`}
        checked={setting.data.enabled}
        onCheckedChange={toggle}
        // One change at a time: a refusal puts back the state from before this change.
        disabled={setReminder.isPending}
        aria-busy={setReminder.isPending || undefined}
        className="my-2.5 disabled:opacity-70"
      />
    </div>
  );
}
