import type { Order } from '#core/schemas/order';
import { MessageSquareWarning } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { lazyDialog } from '../../components/ui/lazy-dialog';

// The dialog (its schemas and the photo upload) loads when it first opens: My Orders carries
// none of it until a problem is reported.
const ReportProblemDialog = lazyDialog(
  async () => (await import('./report-problem-dialog')).ReportProblemDialog,
);

/** "Report a problem" on a delivered order's card (docs/claims.md), and its dialog. */
export function ReportProblem({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const [openings, setOpenings] = useState(0);
  return (
    <>
      <Button
        writes
        variant="outline"
        size="sm"
        onClick={() => {
          setOpenings((count) => count + 1);
          setOpen(true);
        }}
      >
        <MessageSquareWarning aria-hidden="true" /> Report a problem
      </Button>
      <ReportProblemDialog
        key={openings}
        order={order}
        open={open}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
