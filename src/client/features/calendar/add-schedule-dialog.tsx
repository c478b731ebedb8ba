import { SCHEDULE_ZONES_BY_ISLAND } from '#core/constants';
import {
  addScheduleDate,
  scheduleCreateBody,
  type ScheduleCreateBody,
  type ScheduleCreateInput,
} from '#core/schemas/schedule';
import { zodResolver } from '@hookform/resolvers/zod';
import { X } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { Field, Label, Select } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { formatCalendarDate } from '../../lib/format';
import { useCreateSchedules } from './api';
import { fromPickerDate, hawaiiTodayForPicker, HawaiiDayPicker, toPickerDate } from './day-picker';

/** Several days at once for one zone (docs/product.md#add-delivery-schedule). */
export function AddScheduleDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const createSchedules = useCreateSchedules();
  const { handleSubmit, reset, setValue, watch, formState } = useForm<
    ScheduleCreateInput,
    unknown,
    ScheduleCreateBody
  >({
    resolver: zodResolver(scheduleCreateBody),
    defaultValues: { deliveryDates: [], deliveryArea: '' },
    // After the first try, each pick checks again, so a message goes as the choice is made.
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitted } = formState;
  const dates = watch('deliveryDates');
  const zone = watch('deliveryArea');
  const setDates = (next: string[]) =>
    setValue('deliveryDates', next, { shouldValidate: isSubmitted });

  const close = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const onSelect = (selected: Date[] | undefined) => {
    const picked = (selected ?? []).map(fromPickerDate);
    setDates(picked.reduce<string[]>(addScheduleDate, []));
  };

  // Each missing choice is said under its own field; the toast names the first, as documented
  // (docs/product.md#add-delivery-schedule).
  const submit = handleSubmit(
    (body) => {
      createSchedules.mutate(body, {
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
      const message = datesMessage ?? invalid.deliveryArea?.message;
      if (!message) return;
      toast({
        title: datesMessage ? 'Dates Required' : 'Delivery Zone Required',
        description: message,
        variant: 'destructive',
      });
    },
  );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title="Add Delivery Schedule"
        description="Pick one or more delivery days and the zone you deliver to."
        className="max-sm:p-3"
      >
        <div className="flex flex-col gap-4">
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
          <Field label="Delivery Zone" required error={errors.deliveryArea?.message}>
            {(ids) => (
              <Select
                {...ids}
                value={zone}
                onChange={(event) =>
                  setValue('deliveryArea', event.target.value, { shouldValidate: isSubmitted })
                }
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
