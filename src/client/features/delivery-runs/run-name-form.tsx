import { deliveryRunRenameBody, RUN_NAME_MAX, type DeliveryRun } from '#core/schemas/delivery-run';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { showServerFieldErrors } from '../../lib/form-errors';

// A new run's name and a renamed one's follow the same rules, so one schema checks both.
type NameInput = z.input<typeof deliveryRunRenameBody>;
type NameBody = z.output<typeof deliveryRunRenameBody>;

/** What the server answered to a saved name: the form reports it, or puts its error on the field. */
export interface RunNameOutcome {
  onSuccess: (run: DeliveryRun) => void;
  onError: (error: Error) => void;
}

/**
 * A run's name, checked by the server's own schema (and, on saving, its day's other names):
 * the form of both "Add run" and "Rename".
 */
export function RunNameForm({
  initialName,
  placeholder,
  submitLabel,
  pendingLabel,
  savedTitle,
  failedTitle,
  pending,
  save,
  onClose,
}: {
  initialName: string;
  placeholder?: string;
  submitLabel: string;
  pendingLabel: string;
  /** The toast once the run is saved, named by its saved name. */
  savedTitle: (name: string) => string;
  /** The toast when the server refuses the name for something other than the name itself. */
  failedTitle: string;
  pending: boolean;
  save: (name: string, outcome: RunNameOutcome) => void;
  onClose: () => void;
}) {
  const { register, handleSubmit, setError, formState } = useForm<NameInput, unknown, NameBody>({
    resolver: zodResolver(deliveryRunRenameBody),
    defaultValues: { name: initialName },
    reValidateMode: 'onChange',
  });
  const submit = handleSubmit((body) =>
    save(body.name, {
      onSuccess: (run) => {
        toast({ title: savedTitle(run.name) });
        onClose();
      },
      onError: (error) => {
        if (showServerFieldErrors(error, setError, ['name'])) return;
        toast({
          title: failedTitle,
          description: error instanceof ApiError ? error.userMessage('') || undefined : undefined,
          variant: 'destructive',
        });
      },
    }),
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
            placeholder={placeholder}
            {...register('name')}
          />
        )}
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
