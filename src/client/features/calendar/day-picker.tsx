import { hawaiiToday } from '#core/hawaii-time';
import { format } from 'date-fns';
import type { ComponentProps } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import './day-picker.css';

/** A "YYYY-MM-DD" date as the local-midnight Date the picker works with. */
export function toPickerDate(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

export function fromPickerDate(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** Today as Hawaii sees it, whatever the device's own time zone. */
export function hawaiiTodayForPicker(): Date {
  return toPickerDate(hawaiiToday());
}

/** react-day-picker in the house colours, with "today" taken from Hawaii's calendar. */
export function HawaiiDayPicker(props: ComponentProps<typeof DayPicker>) {
  return (
    <div className="hh-day-picker flex justify-center">
      <DayPicker today={hawaiiTodayForPicker()} {...props} />
    </div>
  );
}

/** "Friday, November 27, 2026, today, delivery day": what a screen reader hears of a day. */
function dayLabel(date: Date, modifiers?: { delivery?: boolean; today?: boolean }): string {
  return [
    format(date, 'EEEE, MMMM d, yyyy'),
    modifiers?.today ? 'today' : null,
    modifiers?.delivery ? 'delivery day' : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/** The farm's calendar: its delivery days marked, and read out as such by screen readers. */
export function DeliveryDaysPicker({
  deliveryDates,
  ...props
}: { deliveryDates: readonly string[] } & ComponentProps<typeof DayPicker>) {
  return (
    <HawaiiDayPicker
      modifiers={{ delivery: deliveryDates.map(toPickerDate) }}
      modifiersClassNames={{ delivery: 'hh-delivery-day' }}
      labels={{
        labelGridcell: (date, modifiers) => dayLabel(date, modifiers),
        labelDayButton: (date, modifiers) => dayLabel(date, modifiers),
      }}
      {...props}
    />
  );
}
