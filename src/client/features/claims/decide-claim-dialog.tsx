import { centsOf, formatUsd, multiplyCents } from '#core/money';
import { formatQuantity, quantityProblem, quantityStep } from '#core/quantity';
import {
  CLAIM_DECISIONS,
  CLAIM_KIND_LABELS,
  CLAIM_REASON_MAX_LENGTH,
  claimDecisionBody,
  type Claim,
  type ClaimDecision,
  type ClaimDecisionBody,
} from '#core/schemas/claim';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field, Input, Textarea } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { showServerFieldErrors } from '../../lib/form-errors';
import { addFieldIssues, messagesByField } from '../../lib/form-schema';
import { formatMoney } from '../../lib/format';
import { useDecideClaim } from './api';

const CHOICES: { value: ClaimDecision; label: string; hint: string }[] = [
  { value: 'accept', label: 'Accept all', hint: 'Credit every line as claimed' },
  { value: 'partial', label: 'Accept part', hint: 'Credit the quantity you accept of each line' },
  { value: 'decline', label: 'Decline', hint: 'Credit nothing; say why' },
];

/** The decision as typed: the quantity accepted of each claimed line, as text. */
interface DecisionValues {
  decision: ClaimDecision;
  lines: { quantity: string }[];
  reason: string;
}

/**
 * The form's schema: on a partial decision each line's quantity is checked for its unit and
 * against what was claimed, then the server's own schema checks the decision; each message is
 * said under its field (a line's own check first).
 */
function decisionForm(claim: Claim) {
  return z
    .object({
      decision: z.enum(CLAIM_DECISIONS),
      lines: z.array(z.object({ quantity: z.string() })),
      reason: z.string(),
    })
    .transform(({ decision, lines: typed, reason }, ctx) => {
      const found = new Map<string, string>();
      const lines = claim.lines.map((line, index) => {
        const text = (typed[index]?.quantity ?? '').trim();
        const quantity = Number(text);
        const field = `lines.${index}.quantity`;
        if (decision === 'partial') {
          if (text === '' || !Number.isFinite(quantity) || quantity < 0) {
            found.set(field, 'Enter a quantity, 0 for none');
          } else if (quantityProblem(line.product.unit, quantity)) {
            found.set(field, quantityProblem(line.product.unit, quantity)!);
          } else if (quantity > line.quantity) {
            found.set(
              field,
              `At most ${formatQuantity(line.quantity)} ${line.product.unit}: what was claimed`,
            );
          }
        }
        return { itemId: line.itemId, quantity };
      });
      const parsed = claimDecisionBody.safeParse({
        decision,
        ...(decision === 'partial' ? { lines } : {}),
        reason: reason.trim() || undefined,
      });
      for (const [field, message] of messagesByField(parsed.error?.issues ?? [])) {
        if (!found.has(field)) found.set(field, message);
      }
      if (found.size > 0 || !parsed.success) {
        addFieldIssues(ctx, found);
        return z.NEVER;
      }
      return parsed.data;
    });
}

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
  const { register, handleSubmit, setError, watch, formState } = useForm<
    DecisionValues,
    unknown,
    ClaimDecisionBody
  >({
    resolver: zodResolver(decisionForm(claim)),
    defaultValues: {
      decision: 'accept',
      lines: claim.lines.map((line) => ({ quantity: formatQuantity(line.quantity) })),
      reason: '',
    },
    // Messages stay until the next try, which checks everything again.
    reValidateMode: 'onSubmit',
  });
  const { errors } = formState;
  const decision = watch('decision');
  const quantities = watch('lines');

  // Before tax: the figure the farm is about to give back, as a guide only.
  const preview = claim.lines.reduce((sum, line, index) => {
    const quantity = decision === 'accept' ? line.quantity : Number(quantities[index]?.quantity);
    if (decision === 'decline' || !Number.isFinite(quantity) || quantity < 0) return sum;
    return sum + multiplyCents(centsOf(line.unitPrice), quantity);
  }, 0);

  const submit = handleSubmit((body) => {
    decide.mutate(
      { id: claim.id, body },
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
          showServerFieldErrors(error, setError, [
            'decision',
            'reason',
            'lines',
            ...claim.lines.map((_, index) => `lines.${index}.quantity` as const),
          ]);
          setError('root.server', {
            message:
              error instanceof ApiError ? error.message : 'Could not save. Please try again.',
          });
        },
      },
    );
  });
  const linesMessage = errors.lines?.message ?? errors.lines?.root?.message;

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        title={`Decide the claim on order #${claim.orderId}`}
        description={`${claim.restaurant.name} reported ${claim.lines.length === 1 ? 'a problem' : 'problems'} with this delivery. ${claim.restaurant.name} is told what you decide.`}
      >
        <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">Decision</legend>
            {CHOICES.map((choice) => (
              <label
                key={choice.value}
                className="flex min-h-11 items-center gap-3 rounded-md border border-stone-200 px-3 text-sm"
              >
                <input
                  type="radio"
                  className="size-5 accent-green-700"
                  value={choice.value}
                  {...register('decision')}
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
                  error={errors.lines?.[index]?.quantity?.message}
                >
                  {(ids) => (
                    <Input
                      {...ids}
                      inputMode="decimal"
                      step={quantityStep(line.product.unit)}
                      {...register(`lines.${index}.quantity`)}
                    />
                  )}
                </Field>
              ))
            : null}
          <Field
            label={decision === 'decline' ? 'Reason' : 'Note for the restaurant (optional)'}
            required={decision === 'decline'}
            error={errors.reason?.message}
          >
            {(ids) => (
              <Textarea {...ids} maxLength={CLAIM_REASON_MAX_LENGTH} {...register('reason')} />
            )}
          </Field>
          {linesMessage ? (
            <p className="text-sm text-destructive" role="alert">
              {linesMessage}
            </p>
          ) : null}
          {decision !== 'decline' ? (
            <p className="tabular text-sm text-stone-700">
              Credit before GET: <span className="font-semibold">{formatUsd(preview)}</span>
            </p>
          ) : null}
          {errors.root?.server?.message ? (
            <p className="text-sm text-destructive" role="alert">
              {errors.root.server.message}
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
