import { hawaiiToday } from '#core/hawaii-time';
import { lazy, Suspense, useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ErrorState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { formatCalendarDate } from '../../lib/format';
import { useSchedules } from './api';
import { fromPickerDate, toPickerDate } from './picker-dates';

// The calendar (react-day-picker) loads beside the card, which holds its place meanwhile.
const DeliveryDaysPicker = lazy(async () => ({
  default: (await import('./day-picker')).DeliveryDaysPicker,
}));

/**
 * The combined screen's single-date Delivery Calendar: the farm's delivery days marked; picking
 * a day says where the farm delivers then, and with nothing picked, where it goes next.
 */
export function DeliveryCalendarCard() {
  const schedules = useSchedules();
  const today = hawaiiToday();
  const [selected, setSelected] = useState<Date | undefined>(undefined);
  const list = schedules.data ?? [];
  const selectedDay = selected ? fromPickerDate(selected) : null;
  const areas = list
    .filter((schedule) => schedule.deliveryDate === selectedDay)
    .map((schedule) => schedule.deliveryArea);
  const upcoming = list
    .filter((schedule) => schedule.deliveryDate >= today)
    .sort((a, b) => a.deliveryDate.localeCompare(b.deliveryDate))[0];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Delivery Calendar</CardTitle>
      </CardHeader>
      <CardContent>
        {schedules.error ? (
          <ErrorState
            title="Could not load the delivery days"
            error={schedules.error}
            onRetry={() => void schedules.refetch()}
          />
        ) : !schedules.data ? (
          <Skeleton className="h-72 w-full" />
        ) : (
          <div className="flex flex-col gap-3">
            <Suspense fallback={<Skeleton className="h-72 w-full" />}>
              <DeliveryDaysPicker
                mode="single"
                selected={selected}
                onSelect={setSelected}
                deliveryDates={list.map((schedule) => schedule.deliveryDate)}
                defaultMonth={toPickerDate(upcoming?.deliveryDate ?? today)}
              />
            </Suspense>
            <p className="text-sm text-stone-600" aria-live="polite">
              {selectedDay
                ? `${formatCalendarDate(selectedDay, 'weekday')}: ${areas.length > 0 ? areas.join(', ') : 'no delivery'}`
                : upcoming
                  ? `Next delivery: ${formatCalendarDate(upcoming.deliveryDate, 'weekday')} (${upcoming.deliveryArea})`
                  : 'No delivery days scheduled'}
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
