import { hawaiiToday } from '#core/hawaii-time';
import type { Schedule } from '#core/schemas/schedule';
import { CalendarDays, MapPin, Plus, Repeat, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { lazyDialog } from '../../components/ui/lazy-dialog';
import { EmptyState, ErrorState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { formatCalendarDate } from '../../lib/format';
import { useCreateSchedules, useDeleteSchedule, useSchedules } from './api';
import { DeliveryDaysPicker, toPickerDate } from './day-picker';
import { describeRepeat, groupRepeatingDays, type CalendarEntry } from './repeating-days';

// The add dialog (and its multi-date picker) loads when it first opens.
const AddScheduleDialog = lazyDialog(
  async () => (await import('./add-schedule-dialog')).AddScheduleDialog,
);

const UPCOMING_SHOWN = 5;

function monthFigures(schedules: Schedule[], today: string) {
  const month = today.slice(0, 7);
  const thisMonth = schedules.filter((schedule) => schedule.deliveryDate.startsWith(month));
  return {
    total: thisMonth.length,
    remaining: thisMonth.filter((schedule) => schedule.deliveryDate >= today).length,
    zones: new Set(thisMonth.map((schedule) => schedule.deliveryArea)).size,
  };
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg bg-stone-50 p-3">
      <dt className="text-xs text-stone-600">{label}</dt>
      <dd className="tabular text-2xl font-semibold">{value}</dd>
    </div>
  );
}

function CalendarSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-[auto_1fr]" aria-busy="true">
      <span className="sr-only">Loading delivery schedules</span>
      <Card className="p-4">
        <Skeleton className="mx-auto h-80 w-72" />
      </Card>
      <div className="flex flex-col gap-6">
        <Card className="flex flex-col gap-3 p-5">
          <Skeleton className="h-5 w-40" />
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} className="h-10" />
          ))}
        </Card>
        <Card className="p-5">
          <Skeleton className="h-20" />
        </Card>
      </div>
    </div>
  );
}

/** docs/product.md#delivery-calendar. Past and future are judged on Hawaii's date. */
export function CalendarPage() {
  const schedules = useSchedules();
  const deleteSchedule = useDeleteSchedule();
  const createSchedules = useCreateSchedules();
  const [dialogOpen, setDialogOpen] = useState(false);
  const today = hawaiiToday();
  const list = schedules.data ?? [];
  const upcoming = list.filter((schedule) => schedule.deliveryDate >= today);
  const figures = monthFigures(list, today);

  const remove = (schedule: Schedule) => {
    const label = `${formatCalendarDate(schedule.deliveryDate, 'weekday')}, ${schedule.deliveryArea}`;
    deleteSchedule.mutate(schedule.id, {
      onSuccess: () =>
        toast({
          title: 'Delivery day removed',
          description: label,
          // A past day cannot be scheduled again, so only upcoming ones can be undone.
          ...(schedule.deliveryDate >= hawaiiToday()
            ? {
                action: {
                  label: 'Undo',
                  onClick: () =>
                    createSchedules.mutate(
                      {
                        deliveryDates: [schedule.deliveryDate],
                        deliveryArea: schedule.deliveryArea,
                      },
                      {
                        onError: () =>
                          toast({
                            title: 'Failed to add delivery schedule',
                            variant: 'destructive',
                          }),
                      },
                    ),
                },
              }
            : {}),
        }),
      onError: (error) =>
        toast({
          title: 'Failed to remove delivery day',
          description:
            error instanceof ApiError ? error.userMessage('Please try again.') : undefined,
          variant: 'destructive',
        }),
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Delivery Calendar</h1>
          <p className="text-sm text-stone-600">Plan the days you deliver and where.</p>
        </div>
        <Button writes onClick={() => setDialogOpen(true)}>
          <Plus aria-hidden="true" /> Add Delivery Schedule
        </Button>
      </div>

      {schedules.isLoading ? (
        <CalendarSkeleton />
      ) : schedules.error ? (
        <ErrorState
          title="Could not load your delivery schedules"
          error={schedules.error}
          onRetry={() => void schedules.refetch()}
        />
      ) : (
        <>
          <div className="grid gap-6 lg:grid-cols-[auto_1fr]">
            <Card className="p-1 sm:p-4">
              <h2 className="sr-only">Calendar</h2>
              <DeliveryDaysPicker
                deliveryDates={list.map((schedule) => schedule.deliveryDate)}
                defaultMonth={toPickerDate(today)}
              />
              <p className="flex items-center justify-center gap-2 pb-2 text-xs text-stone-600">
                <span className="inline-block size-3 rounded-full bg-primary" aria-hidden="true" />
                Delivery day
              </p>
            </Card>
            <div className="flex flex-col gap-6">
              <Card>
                <CardHeader>
                  <CardTitle>Upcoming Deliveries</CardTitle>
                </CardHeader>
                <CardContent>
                  {upcoming.length === 0 ? (
                    <p className="text-sm text-stone-600">
                      No upcoming deliveries. Add a delivery schedule to let restaurants know when
                      you deliver.
                    </p>
                  ) : (
                    <ul className="flex flex-col divide-y divide-stone-100">
                      {upcoming.slice(0, UPCOMING_SHOWN).map((schedule) => (
                        <li key={schedule.id} className="flex items-center gap-3 py-2">
                          <CalendarDays className="size-4 text-primary" aria-hidden="true" />
                          <span className="font-medium">
                            {formatCalendarDate(schedule.deliveryDate, 'weekday')}
                          </span>
                          <span className="ml-auto flex items-center gap-1 text-sm text-stone-600">
                            <MapPin className="size-3.5" aria-hidden="true" />
                            {schedule.deliveryArea}
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>This Month</CardTitle>
                </CardHeader>
                <CardContent>
                  <dl className="grid grid-cols-3 gap-3">
                    <Figure label="Deliveries" value={figures.total} />
                    <Figure label="Still to come" value={figures.remaining} />
                    <Figure label="Zones" value={figures.zones} />
                  </dl>
                </CardContent>
              </Card>
            </div>
          </div>

          <section aria-labelledby="all-schedules" className="flex flex-col gap-3">
            <h2 id="all-schedules" className="text-lg font-semibold">
              All Schedules
            </h2>
            {list.length === 0 ? (
              <EmptyState
                icon={<CalendarDays />}
                title="No delivery schedules yet"
                description="Add the days you deliver so restaurants can see your next delivery."
                action={
                  <Button writes onClick={() => setDialogOpen(true)}>
                    <Plus aria-hidden="true" /> Add Delivery Schedule
                  </Button>
                }
              />
            ) : (
              <Card>
                <ul className="divide-y divide-stone-100">
                  {groupRepeatingDays(list).map((entry) =>
                    entry.kind === 'day' ? (
                      <DayRow
                        key={entry.schedule.id}
                        schedule={entry.schedule}
                        today={today}
                        removing={
                          deleteSchedule.isPending && deleteSchedule.variables === entry.schedule.id
                        }
                        onRemove={remove}
                      />
                    ) : (
                      <RepeatRow
                        key={`${entry.area} ${entry.days[0]!.id}`}
                        entry={entry}
                        today={today}
                        removingId={deleteSchedule.isPending ? deleteSchedule.variables : undefined}
                        onRemove={remove}
                      />
                    ),
                  )}
                </ul>
              </Card>
            )}
          </section>
        </>
      )}

      <AddScheduleDialog open={dialogOpen} onOpenChange={setDialogOpen} />
    </div>
  );
}

/** One delivery day of the list: its date, zone, whether it is still to come, and Remove. */
function DayRow({
  schedule,
  today,
  removing,
  onRemove,
}: {
  schedule: Schedule;
  today: string;
  removing: boolean;
  onRemove: (schedule: Schedule) => void;
}) {
  const completed = schedule.deliveryDate < today;
  return (
    <li className="flex items-center gap-3 px-4 py-2" data-testid="schedule-row">
      <span className="flex min-w-0 flex-col gap-x-4 sm:flex-row sm:items-center">
        <span className="font-medium whitespace-nowrap sm:min-w-44">
          {formatCalendarDate(schedule.deliveryDate, 'weekday')}
        </span>
        <span className="flex items-center gap-1 text-sm text-stone-600">
          <MapPin className="size-3.5" aria-hidden="true" />
          {schedule.deliveryArea}
        </span>
      </span>
      <span className="ml-auto flex shrink-0 items-center gap-1">
        <Badge variant={completed ? 'secondary' : 'success'}>
          {completed ? 'Completed' : 'Upcoming'}
        </Badge>
        <Button
          writes
          variant="ghost"
          size="icon"
          aria-label={`Remove delivery on ${formatCalendarDate(schedule.deliveryDate, 'weekday')} to ${schedule.deliveryArea}`}
          onClick={() => onRemove(schedule)}
          disabled={removing}
        >
          <Trash2 className="text-destructive" aria-hidden="true" />
        </Button>
      </span>
    </li>
  );
}

/**
 * Days that repeat, as one row ("Every Tue and Thu, Dec 1 – Mar 2, Honolulu") with how many
 * there are and how many are still to come; Show days lists them, each with its Remove.
 */
function RepeatRow({
  entry,
  today,
  removingId,
  onRemove,
}: {
  entry: Extract<CalendarEntry, { kind: 'repeat' }>;
  today: string;
  removingId: number | undefined;
  onRemove: (schedule: Schedule) => void;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const label = describeRepeat(entry);
  const toCome = entry.days.filter((day) => day.deliveryDate >= today).length;
  return (
    <li className="flex flex-col" data-testid="schedule-group">
      <div className="flex items-center gap-3 px-4 py-2">
        <Repeat className="size-4 shrink-0 text-primary" aria-hidden="true" />
        <span className="flex min-w-0 flex-col">
          <span className="font-medium">{label}</span>
          <span className="tabular text-sm text-stone-600">
            {entry.days.length} days{toCome > 0 ? ` · ${toCome} to come` : ''}
          </span>
        </span>
        <span className="ml-auto flex shrink-0 flex-col items-end gap-1 sm:flex-row sm:items-center">
          <Badge variant={toCome === 0 ? 'secondary' : 'success'}>
            {toCome === 0 ? 'Completed' : 'Upcoming'}
          </Badge>
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={open}
            aria-controls={listId}
            aria-label={`${open ? 'Hide' : 'Show'} the days of ${label}`}
            onClick={() => setOpen((was) => !was)}
          >
            {open ? 'Hide days' : 'Show days'}
          </Button>
        </span>
      </div>
      <ul id={listId} hidden={!open} className="divide-y divide-stone-100 bg-stone-50 sm:pl-7">
        {open
          ? entry.days.map((day) => (
              <DayRow
                key={day.id}
                schedule={day}
                today={today}
                removing={removingId === day.id}
                onRemove={onRemove}
              />
            ))
          : null}
      </ul>
    </li>
  );
}
