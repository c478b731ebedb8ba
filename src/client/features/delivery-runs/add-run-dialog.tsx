import { deliveryRunCreateBody, RUN_NAME_MAX } from '#core/schemas/delivery-run';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field, Input } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { formatCalendarDate } from '../../lib/format';
import { showServerFieldErrors } from '../../lib/form-errors';
import { useAddRun } from './api';

const nameForm = deliveryRunCreateBody.pick({ name: true });
type NameInput = z.input<typeof nameForm>;
type NameBody = z.output<typeof nameForm>;

/** "Add run": a name for another truck of the day, checked by the server's own schema. */
export function AddRunDialog({
  date,
  open,
  onOpenChange,
}: {
  date: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const addRun = useAddRun(date);
  const { register, handleSubmit, reset, setError, formState } = useForm<
    NameInput,
    unknown,
    NameBody
  >({
    resolver: zodResolver(nameForm),
    defaultValues: { name: '' },
    reValidateMode: 'onChange',
  });
  const close = () => {
    reset();
    onOpenChange(false);
  };
  const submit = handleSubmit((body) =>
    addRun.mutate(
      { date, name: body.name },
      {
        onSuccess: (run) => {
          toast({ title: `Added ${run.name}` });
          close();
        },
        onError: (error) => {
          if (showServerFieldErrors(error, setError, ['name'])) return;
          toast({
            title: 'The run was not added',
            description: error instanceof ApiError ? error.userMessage('') || undefined : undefined,
            variant: 'destructive',
          });
        },
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent
        title="Add run"
        description={`Another truck for ${formatCalendarDate(date, 'weekday') ?? date}`}
      >
        <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
          <Field label="Run name" error={formState.errors.name?.message} required>
            {(ids) => (
              <Input
                {...ids}
                autoFocus
                autoComplete="off"
                maxLength={RUN_NAME_MAX}
                placeholder="North Shore truck"
                {...register('name')}
              />
            )}
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={addRun.isPending}>
              {addRun.isPending ? 'Adding…' : 'Add run'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
