import {
  orderStatusBody,
  RECIPIENT_NAME_MAX_LENGTH,
  type OrderStatusBody,
  type OrderStatusInput,
} from '#core/schemas/order';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field, Input } from '../../components/ui/form';

/**
 * A delivery is confirmed with the name of the recipient (docs/product.md#confirm-delivery),
 * checked by the server's own schema. A blank name is said under the field only: a toast for it
 * would outlive the mistake once the name is typed.
 */
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
  const { register, handleSubmit, reset, formState } = useForm<
    OrderStatusInput,
    unknown,
    OrderStatusBody
  >({
    resolver: zodResolver(orderStatusBody),
    defaultValues: { status: 'delivered', recipientName: '' },
    // After the first try, each keystroke checks again, so the message goes as the name comes.
    reValidateMode: 'onChange',
  });
  const submit = handleSubmit((body) => {
    if (body.recipientName) onConfirm(body.recipientName);
  });

  return (
    <Dialog
      open={orderId !== null}
      onOpenChange={(open) => {
        if (!open) {
          reset();
          onClose();
        }
      }}
    >
      <DialogContent
        title="Confirm Delivery"
        description={`Who received order #${orderId ?? ''} at ${restaurantName}?`}
      >
        <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
          <Field label="Recipient's name" error={formState.errors.recipientName?.message} required>
            {(ids) => (
              <Input
                {...ids}
                autoFocus
                autoComplete="off"
                maxLength={RECIPIENT_NAME_MAX_LENGTH}
                {...register('recipientName')}
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
