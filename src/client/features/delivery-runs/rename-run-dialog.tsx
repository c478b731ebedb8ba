import { Dialog, DialogContent } from '../../components/ui/dialog';
import { useRenameRun } from './api';
import { RunNameForm } from './run-name-form';

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

// The rename lives and dies with one run's form: a rename left pending by a closed dialog
// neither closes nor blocks the next run's.
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
  return (
    <RunNameForm
      initialName={run.name}
      submitLabel="Rename"
      pendingLabel="Saving…"
      savedTitle={(name) => `Renamed to ${name}`}
      failedTitle="The run was not renamed"
      pending={rename.isPending}
      save={(name, outcome) => rename.mutate({ runId: run.id, name }, outcome)}
      onClose={onClose}
    />
  );
}
