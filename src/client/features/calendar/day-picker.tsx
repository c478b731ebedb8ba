import { format } from 'date-fns';
import type { ComponentProps } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import './day-picker.css';
import { hawaiiTodayForPicker, toPickerDate } from './picker-dates';

export { fromPickerDate, hawaiiTodayForPicker, toPickerDate } from './picker-dates';

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
