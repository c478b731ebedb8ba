import { SCHEDULE_ZONES_BY_ISLAND } from '#core/constants';
import { addDays, formatCalendarDate, hawaiiToday, isValidCalendarDate } from '#core/hawaii-time';
import {
  addScheduleDate,
  expandWeekdays,
  lastDayOfRule,
  scheduleCreateBody,
  type ScheduleCreateBody,
  type ScheduleCreateInput,
} from '#core/schemas/schedule';
import { WEEKDAYS, type Weekday } from '#core/schemas/standing-order';
import { zodResolver } from '@hookform/resolvers/zod';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { Field, Input, Label, Select } from '../../components/ui/form';
import { Tabs, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { toast } from '../../components/ui/toast';
import { WeekdayPicker } from '../../components/ui/weekday-picker';
import { ApiError } from '../../lib/api';
import { useCreateSchedules } from './api';
import { fromPickerDate, hawaiiTodayForPicker, HawaiiDayPicker, toPickerDate } from './day-picker';
import { weekdayList } from './repeating-days';

type Mode = 'dates' | 'weekly';

/** A weekly rule starts today and runs thirteen weeks unless the farm says otherwise. */
const RULE_WEEKS = 13;

function valuesFor(mode: Mode, deliveryArea: string): ScheduleCreateInput {
  if (mode === 'dates') return { deliveryDates: [], deliveryArea };
  const today = hawaiiToday();
  return { weekdays: [], from: today, until: addDays(today, RULE_WEEKS * 7 - 1), deliveryArea };
}

/** The days of the weekly rule as it stands, when it is whole (for the line under the form). */
function daysOfRule(weekdays: Weekday[], from?: string, until?: string): string[] {
  if (weekdays.length === 0 || !from || !until) return [];
  if (!isValidCalendarDate(from) || !isValidCalendarDate(until)) return [];
  if (until < from || until > lastDayOfRule(from)) return [];
  return expandWeekdays(weekdays, from, until);
}

/** What goes on the wire: the dates picked, or the weekly rule (the server expands it). */
function requestOf(body: ScheduleCreateBody): ScheduleCreateInput {
  return body.rule
    ? { ...body.rule, deliveryArea: body.deliveryArea }
    : { deliveryDates: body.deliveryDates, deliveryArea: body.deliveryArea };
}

/**
 * Several days at once for one zone, picked or as a weekly rule ("every Tuesday and Thursday",
 * from a day until a day): docs/product.md#add-delivery-schedule, docs/delivery.md.
 */
export function AddScheduleDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const createSchedules = useCreateSchedules();
  const [mode, setMode] = useState<Mode>('dates');
  const { handleSubmit, reset, setValue, watch, formState } = useForm<
    ScheduleCreateInput,
    unknown,
    ScheduleCreateBody
  >({
    resolver: zodResolver(scheduleCreateBody),
    defaultValues: valuesFor('dates', ''),
    // After the first try, each pick checks again, so a message goes as the choice is made.
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitted } = formState;
  const values = watch();
  const dates = values.deliveryDates ?? [];
  const weekdays = (values.weekdays ?? []) as Weekday[];
  const zone = values.deliveryArea;
  const change = <K extends 'deliveryDates' | 'weekdays' | 'from' | 'until' | 'deliveryArea'>(
    field: K,
    value: ScheduleCreateInput[K],
  ) => setValue(field, value as never, { shouldValidate: isSubmitted });
  const setDates = (next: string[]) => change('deliveryDates', next);
  const ruleDays = mode === 'weekly' ? daysOfRule(weekdays, values.from, values.until) : [];

  const close = (next: boolean) => {
    if (!next) {
      setMode('dates');
      reset(valuesFor('dates', ''));
    }
    onOpenChange(next);
  };

  const switchMode = (next: string) => {
    const chosen: Mode = next === 'weekly' ? 'weekly' : 'dates';
    setMode(chosen);
    reset(valuesFor(chosen, zone));
  };

  const onSelect = (selected: Date[] | undefined) => {
    const picked = (selected ?? []).map(fromPickerDate);
    setDates(picked.reduce<string[]>(addScheduleDate, []));
  };

  // Each missing choice is said under its own field; the toast names the first, as documented
  // (docs/product.md#add-delivery-schedule).
  const submit = handleSubmit(
    (body) => {
      createSchedules.mutate(requestOf(body), {
        onSuccess: (created) => {
          const skipped = body.deliveryDates.length - created.length;
          toast({
            title: 'Delivery schedule added',
            description:
              `${created.length} delivery ${created.length === 1 ? 'day' : 'days'} added for ${body.deliveryArea}` +
              (skipped > 0 ? ` (${skipped} already scheduled).` : '.'),
          });
          close(false);
        },
        onError: (error) =>
          toast({
            title: 'Failed to add delivery schedule',
            description:
              error instanceof ApiError ? error.userMessage('Please try again.') : undefined,
            variant: 'destructive',
          }),
      });
    },
    (invalid) => {
      const datesMessage = invalid.deliveryDates?.message;
      const ruleMessage =
        invalid.weekdays?.message ?? invalid.from?.message ?? invalid.until?.message;
      const message = datesMessage ?? ruleMessage ?? invalid.deliveryArea?.message;
      if (!message) return;
      toast({
        title: datesMessage
          ? 'Dates Required'
          : ruleMessage
            ? 'Check the weekly days'
            : 'Delivery Zone Required',
        description: message,
        variant: 'destructive',
      });
    },
  );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title="Add Delivery Schedule"
        description="Pick one or more delivery days, or the weekdays you deliver, and the zone you deliver to."
        className="max-sm:p-3"
      >
        <div className="flex flex-col gap-4">
          <Tabs value={mode} onValueChange={switchMode}>
            <TabsList aria-label="How to add days" className="flex w-full">
              <TabsTrigger value="dates" className="min-h-11 flex-1">
                Pick days
              </TabsTrigger>
              <TabsTrigger value="weekly" className="min-h-11 flex-1">
                Every week
              </TabsTrigger>
            </TabsList>
          </Tabs>
          {mode === 'dates' ? (
            <div className="flex flex-col gap-1.5">
              <Label id="delivery-dates-label">Delivery Dates</Label>
              <HawaiiDayPicker
                mode="multiple"
                aria-labelledby="delivery-dates-label"
                selected={dates.map(toPickerDate)}
                onSelect={onSelect}
                disabled={{ before: hawaiiTodayForPicker() }}
                startMonth={hawaiiTodayForPicker()}
              />
              {errors.deliveryDates?.message ? (
                <p className="text-sm text-destructive" role="alert">
                  {errors.deliveryDates.message}
                </p>
              ) : null}
              {dates.length > 0 ? (
                <ul className="flex flex-wrap gap-2" aria-label="Selected dates">
                  {dates.map((date) => (
                    <li
                      key={date}
                      className="flex items-center gap-1 rounded-full bg-primary-soft pl-3 text-sm text-green-900"
                    >
                      {formatCalendarDate(date)}
                      <button
                        type="button"
                        className="inline-flex size-9 items-center justify-center rounded-full hover:bg-green-200"
                        aria-label={`Remove ${formatCalendarDate(date)}`}
                        onClick={() => setDates(dates.filter((other) => other !== date))}
                      >
                        <X className="size-4" aria-hidden="true" />
                      </button>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-stone-500">No dates selected</p>
              )}
            </div>
          ) : (
            <div className="flex flex-col gap-4">
              <WeekdayPicker
                legend="Weekdays"
                value={weekdays}
                onChange={(next) => change('weekdays', next)}
                error={errors.weekdays?.message}
              />
              <div className="grid grid-cols-2 gap-3">
                <Field label="From" required error={errors.from?.message}>
                  {(ids) => (
                    <Input
                      {...ids}
                      type="date"
                      min={hawaiiToday()}
                      value={values.from ?? ''}
                      onChange={(event) => change('from', event.target.value)}
                    />
                  )}
                </Field>
                <Field label="Until" required error={errors.until?.message}>
                  {(ids) => (
                    <Input
                      {...ids}
                      type="date"
                      min={values.from ?? hawaiiToday()}
                      value={values.until ?? ''}
                      onChange={(event) => change('until', event.target.value)}
                    />
                  )}
                </Field>
              </div>
              <p className="text-sm text-stone-600" aria-live="polite">
                {ruleDays.length > 0
                  ? `Every ${weekdayList(weekdays.map((day) => WEEKDAYS.indexOf(day)).sort())}: ${ruleDays.length} ${ruleDays.length === 1 ? 'day' : 'days'}, ${formatCalendarDate(ruleDays[0], 'weekdayShort')} to ${formatCalendarDate(ruleDays.at(-1), 'weekdayShort')}`
                  : 'Choose the weekdays, the first day and the last (a year at most).'}
              </p>
            </div>
          )}
          <Field label="Delivery Zone" required error={errors.deliveryArea?.message}>
            {(ids) => (
              <Select
                {...ids}
                value={zone}
                onChange={(event) => change('deliveryArea', event.target.value)}
              >
                <option value="">Select a delivery zone</option>
                {Object.entries(SCHEDULE_ZONES_BY_ISLAND).map(([island, zones]) => (
                  <optgroup key={island} label={island}>
                    {zones.map((name) => (
                      <option key={name} value={name}>
                        {name}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </Select>
            )}
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button onClick={(event) => void submit(event)} disabled={createSchedules.isPending}>
              {createSchedules.isPending ? 'Adding...' : 'Add Schedule'}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
