import type { ReactNode } from 'react';
import { Button } from './button';
import { LazyDialogBox } from './lazy-dialog';

/**
 * Asks once more before a change: Keep, or the change itself. Its dialog code loads the first
 * time it opens, so a list that offers it on every card does not wait on it.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  pendingLabel,
  keepLabel = 'Keep as it is',
  destructive = false,
  pending,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  keepLabel?: string;
  destructive?: boolean;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <LazyDialogBox
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title={title}
      description={description}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {keepLabel}
        </Button>
        <Button
          variant={destructive ? 'destructive' : 'primary'}
          disabled={pending}
          onClick={onConfirm}
        >
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </LazyDialogBox>
  );
}
