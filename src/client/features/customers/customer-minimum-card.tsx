import {
  customerMinimumBody,
  MINIMUM_MODES,
  type Minimum,
  type MinimumMode,
} from '#core/schemas/minimum';
import type { Customer } from '#core/schemas/customer';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field, Input, Select } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { MINIMUM_MODE_CHOICES, minimumSentence } from '../../lib/minimum-words';
import { useRemoveCustomerMinimum, useSaveCustomerMinimum } from './api';

type MinimumErrors = Partial<Record<'amount' | 'mode' | 'fee', string>>;

/**
 * "Minimum for this customer": the farm's own minimum for it, over its zones' (docs/minimums.md),
 * set, changed or removed by those who manage credit (owners, bookkeepers).
 */
export function CustomerMinimumCard({
  customer,
  manages,
}: {
  customer: Customer;
  manages: boolean;
}) {
  const name = customer.restaurant.name;
  const minimum = customer.minimum;
  const remove = useRemoveCustomerMinimum(customer.restaurant.id);
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);

  const confirmRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setRemoving(false);
        toast({ title: 'Minimum removed', description: `${name} uses your zone minimum.` });
      },
      onError: (failure) =>
        toast({
          title: 'The minimum was not removed',
          description: failure.message,
          variant: 'destructive',
        }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Minimum for this customer</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="tabular text-sm text-stone-800" data-testid="customer-minimum">
          {minimum ? minimumSentence(minimum) : 'Uses your zone minimum.'}
        </p>
        {manages ? (
          <div className="flex flex-wrap gap-2">
            <Button writes variant="outline" onClick={() => setEditing(true)}>
              {minimum ? 'Change' : 'Set a minimum'}
            </Button>
            {minimum ? (
              <Button writes variant="outline" onClick={() => setRemoving(true)}>
                Remove
              </Button>
            ) : null}
          </div>
        ) : (
          <p className="text-sm text-stone-600">Owners and bookkeepers set a customer’s minimum.</p>
        )}
      </CardContent>
      {manages ? (
        <>
          <Dialog open={editing} onOpenChange={setEditing}>
            <DialogContent
              title={`Minimum for ${name}`}
              description="Its orders to you are judged by this minimum instead of your zone’s."
            >
              {editing ? (
                <MinimumForm
                  restaurantId={customer.restaurant.id}
                  minimum={minimum}
                  onDone={() => setEditing(false)}
                />
              ) : null}
            </DialogContent>
          </Dialog>
          <ConfirmDialog
            open={removing}
            title={`Remove ${name}’s own minimum?`}
            description="Its orders are then judged by your minimum for its delivery zone."
            confirmLabel="Remove"
            pendingLabel="Removing…"
            destructive
            pending={remove.isPending}
            onConfirm={confirmRemove}
            onCancel={() => setRemoving(false)}
          />
        </>
      ) : null}
    </Card>
  );
}

function MinimumForm({
  restaurantId,
  minimum,
  onDone,
}: {
  restaurantId: number;
  minimum: Minimum | null;
  onDone: () => void;
}) {
  const save = useSaveCustomerMinimum(restaurantId);
  const [amount, setAmount] = useState(minimum?.amount ?? '');
  const [mode, setMode] = useState<MinimumMode>(minimum?.mode ?? 'warn');
  const [fee, setFee] = useState(minimum?.fee ?? '');
  const [errors, setErrors] = useState<MinimumErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = customerMinimumBody.safeParse({
      amount: amount.trim(),
      mode,
      // The fee belongs to fee mode only; left empty there, the schema asks for it.
      ...(mode === 'fee' && fee.trim() !== '' ? { fee: fee.trim() } : {}),
    });
    if (!parsed.success) {
      const found: MinimumErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof MinimumErrors;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    const { fee: parsedFee, ...rest } = parsed.data;
    save.mutate(parsedFee === null ? rest : { ...rest, fee: parsedFee }, {
      onSuccess: () => {
        toast({ title: 'Minimum saved' });
        onDone();
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.body?.fields) {
          setErrors(failure.body.fields as MinimumErrors);
        } else {
          toast({
            title: 'The minimum was not saved',
            description: failure.message,
            variant: 'destructive',
          });
        }
      },
    });
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <Field
        label="Minimum order ($)"
        error={errors.amount}
        hint="Judged on the items, before fees."
      >
        {(ids) => (
          <Input
            {...ids}
            inputMode="decimal"
            className="tabular"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            placeholder="50.00"
          />
        )}
      </Field>
      <Field label="Below it" error={errors.mode}>
        {(ids) => (
          <Select
            {...ids}
            value={mode}
            onChange={(event) => setMode(event.target.value as MinimumMode)}
          >
            {MINIMUM_MODES.map((value) => (
              <option key={value} value={value}>
                {MINIMUM_MODE_CHOICES[value]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {mode === 'fee' ? (
        <Field label="Small-order fee ($)" error={errors.fee}>
          {(ids) => (
            <Input
              {...ids}
              inputMode="decimal"
              className="tabular"
              value={fee}
              onChange={(event) => setFee(event.target.value)}
              placeholder="8.00"
            />
          )}
        </Field>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Keep as it is
        </Button>
        <Button type="submit" writes disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save minimum'}
        </Button>
      </div>
    </form>
  );
}
