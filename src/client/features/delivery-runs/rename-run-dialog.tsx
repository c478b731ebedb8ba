import { deliveryRunRenameBody, RUN_NAME_MAX } from '#core/schemas/delivery-run';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field, Input } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { showServerFieldErrors } from '../../lib/form-errors';
import { useRenameRun } from './api';

type NameInput = z.input<typeof deliveryRunRenameBody>;
type NameBody = z.output<typeof deliveryRunRenameBody>;

/** "Rename": a run's new name, checked by the server's own schema (and its day's other names). */
export function RenameRunDialog({
  date,
  run,
  onClose,
}: {
  date: string;
  /** The run being renamed; the dialog is closed without one. */
  run: { id: number; name: string } | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={run !== null} onOpenChange={(next) => (next ? undefined : onClose())}>
      {run ? (
        <DialogContent title={`Rename ${run.name}`} description="A name the driver knows it by">
          <RenameForm key={run.id} date={date} run={run} onClose={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function RenameForm({
  date,
  run,
  onClose,
}: {
  date: string;
  run: { id: number; name: string };
  onClose: () => void;
}) {
  const rename = useRenameRun(date);
  const { register, handleSubmit, setError, formState } = useForm<NameInput, unknown, NameBody>({
    resolver: zodResolver(deliveryRunRenameBody),
    defaultValues: { name: run.name },
    reValidateMode: 'onChange',
  });
  const submit = handleSubmit((body) =>
    rename.mutate(
      { runId: run.id, name: body.name },
      {
        onSuccess: (renamed) => {
          toast({ title: `Renamed to ${renamed.name}` });
          onClose();
        },
        onError: (error) => {
          if (showServerFieldErrors(error, setError, ['name'])) return;
          toast({
            title: 'The run was not renamed',
            description: error instanceof ApiError ? error.userMessage('') || undefined : undefined,
            variant: 'destructive',
          });
        },
      },
    ),
  );

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
      <Field label="Run name" error={formState.errors.name?.message} required>
        {(ids) => (
          <Input
            {...ids}
            autoFocus
            autoComplete="off"
            maxLength={RUN_NAME_MAX}
            {...register('name')}
          />
        )}
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={rename.isPending}>
          {rename.isPending ? 'Saving…' : 'Rename'}
        </Button>
      </div>
    </form>
  );
}
