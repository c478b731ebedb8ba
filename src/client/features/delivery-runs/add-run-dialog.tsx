import { Dialog, DialogContent } from '../../components/ui/dialog';
import { formatCalendarDate } from '../../lib/format';
import { useAddRun } from './api';
import { RunNameForm } from './run-name-form';

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
  const close = () => onOpenChange(false);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Add run"
        description={`Another truck for ${formatCalendarDate(date, 'weekday') ?? date}`}
      >
        {/* The form unmounts with the closed dialog, so each opening starts with an empty name. */}
        <RunNameForm
          initialName=""
          placeholder="North Shore truck"
          submitLabel="Add run"
          pendingLabel="Adding…"
          savedTitle={(name) => `Added ${name}`}
          failedTitle="The run was not added"
          pending={addRun.isPending}
          save={(name, outcome) => addRun.mutate({ date, name }, outcome)}
          onClose={close}
        />
      </DialogContent>
    </Dialog>
  );
}
