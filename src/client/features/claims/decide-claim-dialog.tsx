import { centsOf, formatUsd, multiplyCents } from '#core/money';
import { formatQuantity, quantityProblem, quantityStep } from '#core/quantity';
import {
  CLAIM_KIND_LABELS,
  CLAIM_REASON_MAX_LENGTH,
  claimDecisionBody,
  type Claim,
  type ClaimDecision,
} from '#core/schemas/claim';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field, Input, Textarea } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { useDecideClaim } from './api';

const CHOICES: { value: ClaimDecision; label: string; hint: string }[] = [
  { value: 'accept', label: 'Accept all', hint: 'Credit every line as claimed' },
  { value: 'partial', label: 'Accept part', hint: 'Credit the quantity you accept of each line' },
  { value: 'decline', label: 'Decline', hint: 'Credit nothing; say why' },
];

/**
 * The farm's decision on an open claim (docs/claims.md): accept all, accept part (a quantity per
 * line, at most what was claimed) or decline with a reason. What is accepted becomes a credit
 * note at the line's price plus its GET; the server works out the figures.
 */
export function DecideClaimDialog({
  claim,
  open,
  onClose,
}: {
  claim: Claim;
  open: boolean;
  onClose: () => void;
}) {
  const decide = useDecideClaim();
  const [decision, setDecision] = useState<ClaimDecision>('accept');
  const [quantities, setQuantities] = useState(() =>
    claim.lines.map((line) => formatQuantity(line.quantity)),
  );
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);

  // Before tax: the figure the farm is about to give back, as a guide only.
  const preview = claim.lines.reduce((sum, line, index) => {
    const quantity = decision === 'accept' ? line.quantity : Number(quantities[index]);
    if (decision === 'decline' || !Number.isFinite(quantity) || quantity < 0) return sum;
    return sum + multiplyCents(centsOf(line.unitPrice), quantity);
  }, 0);

  const onSubmit = () => {
    setServerError(null);
    const found: Record<string, string> = {};
    const lines = claim.lines.map((line, index) => {
      const text = quantities[index]!.trim();
      const quantity = Number(text);
      if (decision === 'partial') {
        if (text === '' || !Number.isFinite(quantity) || quantity < 0) {
          found[`lines.${index}.quantity`] = 'Enter a quantity, 0 for none';
        } else if (quantityProblem(line.product.unit, quantity)) {
          found[`lines.${index}.quantity`] = quantityProblem(line.product.unit, quantity)!;
        } else if (quantity > line.quantity) {
          found[`lines.${index}.quantity`] =
            `At most ${formatQuantity(line.quantity)} ${line.product.unit}: what was claimed`;
        }
      }
      return { itemId: line.itemId, quantity };
    });
    const parsed = claimDecisionBody.safeParse({
      decision,
      ...(decision === 'partial' ? { lines } : {}),
      reason: reason.trim() || undefined,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
    }
    setProblems(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    decide.mutate(
      { id: claim.id, body: parsed.data },
      {
        onSuccess: (decided) => {
          onClose();
          toast({
            title: `Claim on order #${claim.orderId} decided`,
            description: decided.creditNote
              ? `Credit note ${decided.creditNote.number} for ${formatMoney(decided.creditNote.amount)}. ${claim.restaurant.name} is told.`
              : `${claim.restaurant.name} is told.`,
          });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.body?.fields) setProblems(error.body.fields);
          setServerError(
            error instanceof ApiError ? error.message : 'Could not save. Please try again.',
          );
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        title={`Decide the claim on order #${claim.orderId}`}
        description={`${claim.restaurant.name} reported ${claim.lines.length === 1 ? 'a problem' : 'problems'} with this delivery. ${claim.restaurant.name} is told what you decide.`}
      >
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">Decision</legend>
            {CHOICES.map((choice) => (
              <label
                key={choice.value}
                className="flex min-h-11 items-center gap-3 rounded-md border border-stone-200 px-3 text-sm"
              >
                <input
                  type="radio"
                  name="decision"
                  className="size-5 accent-green-700"
                  value={choice.value}
                  checked={decision === choice.value}
                  onChange={() => setDecision(choice.value)}
                />
                <span>
                  <span className="font-medium">{choice.label}</span>
                  <span className="block text-xs text-stone-600">{choice.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {decision === 'partial'
            ? claim.lines.map((line, index) => (
                <Field
                  key={line.itemId}
                  label={`${line.product.name}: accept how much (${line.product.unit})`}
                  hint={`${CLAIM_KIND_LABELS[line.kind]}, ${formatQuantity(line.quantity)} ${line.product.unit} claimed`}
                  error={problems[`lines.${index}.quantity`]}
                >
                  {(ids) => (
                    <Input
                      {...ids}
                      inputMode="decimal"
                      step={quantityStep(line.product.unit)}
                      value={quantities[index]}
                      onChange={(event) =>
                        setQuantities((current) =>
                          current.map((value, at) => (at === index ? event.target.value : value)),
                        )
                      }
                    />
                  )}
                </Field>
              ))
            : null}
          <Field
            label={decision === 'decline' ? 'Reason' : 'Note for the restaurant (optional)'}
            required={decision === 'decline'}
            error={problems.reason}
          >
            {(ids) => (
              <Textarea
                {...ids}
                maxLength={CLAIM_REASON_MAX_LENGTH}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            )}
          </Field>
          {problems.lines ? (
            <p className="text-sm text-destructive" role="alert">
              {problems.lines}
            </p>
          ) : null}
          {decision !== 'decline' ? (
            <p className="tabular text-sm text-stone-700">
              Credit before GET: <span className="font-semibold">{formatUsd(preview)}</span>
            </p>
          ) : null}
          {serverError ? (
            <p className="text-sm text-destructive" role="alert">
              {serverError}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant={decision === 'decline' ? 'destructive' : 'primary'}
              disabled={decide.isPending}
            >
              {decide.isPending ? 'Saving...' : 'Save decision'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
