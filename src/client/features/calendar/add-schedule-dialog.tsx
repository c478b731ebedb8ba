import { SCHEDULE_ZONES_BY_ISLAND } from '#core/constants';
import {
  addScheduleDate,
  DATES_REQUIRED_MESSAGE,
  ZONE_REQUIRED_MESSAGE,
} from '#core/schemas/schedule';
import { X } from 'lucide-react';
import { useState } from 'react';
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
  const [dates, setDates] = useState<string[]>([]);
  const [zone, setZone] = useState('');
  const [errors, setErrors] = useState<{ dates?: string; zone?: string }>({});

  const close = (next: boolean) => {
    if (!next) {
      setDates([]);
      setZone('');
      setErrors({});
    }
    onOpenChange(next);
  };

  const onSelect = (selected: Date[] | undefined) => {
    const picked = (selected ?? []).map(fromPickerDate);
    setDates(picked.reduce<string[]>(addScheduleDate, []));
    setErrors((current) => ({ ...current, dates: undefined }));
  };

  const submit = () => {
    if (dates.length === 0) {
      setErrors({ dates: DATES_REQUIRED_MESSAGE });
      toast({
        title: 'Dates Required',
        description: DATES_REQUIRED_MESSAGE,
        variant: 'destructive',
      });
      return;
    }
    if (!zone) {
      setErrors({ zone: ZONE_REQUIRED_MESSAGE });
      toast({
        title: 'Delivery Zone Required',
        description: ZONE_REQUIRED_MESSAGE,
        variant: 'destructive',
      });
      return;
    }
    createSchedules.mutate(
      { deliveryDates: dates, deliveryArea: zone },
      {
        onSuccess: (created) => {
          const skipped = dates.length - created.length;
          toast({
            title: 'Delivery schedule added',
            description:
              `${created.length} delivery ${created.length === 1 ? 'day' : 'days'} added for ${zone}` +
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
      },
    );
  };

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
            {errors.dates ? (
              <p className="text-sm text-destructive" role="alert">
                {errors.dates}
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
          <Field label="Delivery Zone" required error={errors.zone}>
            {(ids) => (
              <Select
                {...ids}
                value={zone}
                onChange={(event) => {
                  setZone(event.target.value);
                  setErrors((current) => ({ ...current, zone: undefined }));
                }}
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
            <Button onClick={submit} disabled={createSchedules.isPending}>
              {createSchedules.isPending ? 'Adding...' : 'Add Schedule'}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
