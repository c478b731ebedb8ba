import type { CloseBusinessBody, CloseBusinessOutput } from '#core/schemas/leaving';
import { useMutation } from '@tanstack/react-query';
import { Store } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { PasswordConfirmDialog } from '../../components/ui/password-confirm-dialog';
import { api } from '../../lib/api';

function useCloseBusiness() {
  return useMutation({
    mutationFn: (body: CloseBusinessBody) =>
      api.post<CloseBusinessOutput>('/api/business/close', body),
  });
}

/**
 * "Close this business", for its owners (docs/leaving.md#closing-a-business): a dialog that
 * says what happens and asks for the password.
 */
export function CloseBusinessCard({ kind, name }: { kind: 'farm' | 'restaurant'; name: string }) {
  const close = useCloseBusiness();
  const [open, setOpen] = useState(false);

  const whatHappens =
    kind === 'farm'
      ? [
          'Your products leave the catalogue and restaurants can no longer order from you.',
          'Pending orders are cancelled, and each restaurant is told.',
          'Confirmed orders stay: you can still pack, deliver and record their payments.',
          'Your orders, invoices and traceability records are kept for the years the law asks.',
        ]
      : [
          'Your restaurant can no longer order, and its standing orders end.',
          'Pending orders are cancelled, and each farm is told.',
          'Confirmed orders are still delivered, and their bills stay yours to pay.',
          'Your orders and invoices are kept for the years the law asks.',
        ];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Close this business</CardTitle>
        <CardDescription>
          Close {name} on Harvest Hui for good. Its team can still sign in and read its records.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          <Store aria-hidden="true" /> Close This Business
        </Button>
        <PasswordConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title={`Close ${name}?`}
          description="This cannot be undone."
          passwordLabel="Your password"
          keepLabel="Keep It Open"
          confirmLabel="Close This Business"
          failure={`${name} was not closed. Please try again.`}
          onConfirm={async (body) => {
            await close.mutateAsync(body);
            // Every screen reads the business again: start from the dashboard.
            window.location.assign('/');
          }}
        >
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-stone-700">
            {whatHappens.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </PasswordConfirmDialog>
      </CardContent>
    </Card>
  );
}
