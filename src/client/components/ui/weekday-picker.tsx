import { WEEKDAY_LABELS, WEEKDAYS, type weekdaysInput } from '#core/schemas/standing-order';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { cn } from '../../lib/cn';

/** The weekdays as picked, in the order they were picked: what `weekdaysInput` then checks. */
export type PickedWeekdays = z.input<typeof weekdaysInput>;

/**
 * A required set of weekdays, one toggle button a day (a standing order's days, a farm's weekly
 * delivery rule). The form checks the value with the core schema `weekdaysInput` and passes its
 * message back as `error`; a day picked again is taken out.
 */
export function WeekdayPicker({
  legend,
  value,
  onChange,
  error,
  hint,
}: {
  legend: ReactNode;
  value: PickedWeekdays;
  onChange: (next: PickedWeekdays) => void;
  error?: string | undefined;
  /** Said under the days while there is no error. */
  hint?: ReactNode;
}) {
  const toggle = (day: PickedWeekdays[number]) =>
    onChange(value.includes(day) ? value.filter((other) => other !== day) : [...value, day]);

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-stone-800">
        {legend} <span className="text-destructive">*</span>
      </legend>
      <div className="grid grid-cols-4 gap-2 sm:grid-cols-7">
        {WEEKDAYS.map((day) => {
          const on = value.includes(day);
          return (
            <button
              key={day}
              type="button"
              aria-pressed={on}
              onClick={() => toggle(day)}
              className={cn(
                'min-h-11 rounded-md border px-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-primary',
                on
                  ? 'border-primary bg-primary text-white'
                  : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-100',
              )}
            >
              <span aria-hidden="true">{WEEKDAY_LABELS[day].slice(0, 3)}</span>
              <span className="sr-only">{WEEKDAY_LABELS[day]}</span>
            </button>
          );
        })}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p className="text-xs text-stone-500">{hint}</p>
      ) : null}
    </fieldset>
  );
}
