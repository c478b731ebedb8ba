import type { ReactNode } from 'react';
import { Button } from './button';
import { LazyDialogBox } from './lazy-dialog';

/**
 * Asks once more before a change: Keep, or the change itself. Its dialog code loads the first
 * time it opens, so a list that offers it on every card does not wait on it. With `refusal`,
 * the change cannot be made as things stand: the dialog says why and offers no confirm button,
 * so nobody learns it only from the server's refusal after confirming.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  pendingLabel,
  keepLabel = 'Keep as it is',
  refusal,
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
  /** Why the change cannot be made now, and what to do instead. */
  refusal?: string | null;
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
      description={
        refusal ? (
          <>
            {description}
            {/* Inside the description, so that it is read out as the dialog opens. */}
            <span className="mt-3 block rounded-md border border-red-200 bg-destructive-soft px-3 py-2 text-red-900">
              {refusal}
            </span>
          </>
        ) : (
          description
        )
      }
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {keepLabel}
        </Button>
        {refusal ? null : (
          <Button
            variant={destructive ? 'destructive' : 'primary'}
            disabled={pending}
            onClick={onConfirm}
          >
            {pending ? pendingLabel : confirmLabel}
          </Button>
        )}
      </div>
    </LazyDialogBox>
  );
}
