import {
  orderStatusBody,
  RECIPIENT_NAME_MAX_LENGTH,
  RECIPIENT_REQUIRED_MESSAGE,
} from '#core/schemas/order';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field, Input } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';

/** A delivery is confirmed with the name of the recipient (docs/product.md#confirm-delivery). */
export function ConfirmDeliveryDialog({
  orderId,
  restaurantName,
  pending,
  onClose,
  onConfirm,
}: {
  orderId: number | null;
  restaurantName: string;
  pending: boolean;
  onClose: () => void;
  onConfirm: (recipientName: string) => void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = orderStatusBody.safeParse({ status: 'delivered', recipientName: name });
    if (!parsed.success || !parsed.data.recipientName) {
      setError(RECIPIENT_REQUIRED_MESSAGE);
      toast({
        title: 'Recipient Required',
        description: RECIPIENT_REQUIRED_MESSAGE,
        variant: 'destructive',
      });
      return;
    }
    onConfirm(parsed.data.recipientName);
  };

  return (
    <Dialog
      open={orderId !== null}
      onOpenChange={(open) => {
        if (!open) {
          setName('');
          setError(undefined);
          onClose();
        }
      }}
    >
      <DialogContent
        title="Confirm Delivery"
        description={`Who received order #${orderId ?? ''} at ${restaurantName}?`}
      >
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <Field label="Recipient's name" error={error} required>
            {(ids) => (
              <Input
                {...ids}
                autoFocus
                autoComplete="off"
                maxLength={RECIPIENT_NAME_MAX_LENGTH}
                value={name}
                onChange={(event) => {
                  setName(event.target.value);
                  if (error) setError(undefined);
                }}
              />
            )}
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Confirming...' : 'Confirm Delivery'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
