import { BookOpen } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { lazyDialog } from '../../components/ui/lazy-dialog';

// The dialog's form library loads when it first opens, not with Receivables or Bills.
const AccountingExportDialog = lazyDialog(
  async () => (await import('./accounting-export-dialog')).AccountingExportDialog,
);

/** "Export for accounting" and its dialog, on the farm's Receivables and the restaurant's Bills. */
export function AccountingExportButton({
  today,
  books,
}: {
  today: string;
  books: 'invoices' | 'bills';
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <BookOpen aria-hidden="true" />
        Export for accounting
      </Button>
      <AccountingExportDialog
        open={open}
        today={today}
        books={books}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
