import { formatQuantity, quantityProblem, quantityStep } from '#core/quantity';
import {
  CLAIM_KIND_LABELS,
  CLAIM_KINDS,
  CLAIM_NOTE_MAX_LENGTH,
  claimCreateBody,
  type Claim,
  type ClaimCreateBody,
  type ClaimKind,
} from '#core/schemas/claim';
import type { Order } from '#core/schemas/order';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field, Input, Select, Textarea } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { api, ApiError } from '../../lib/api';
import { addFieldIssues } from '../../lib/form-schema';
import { RESTAURANT_ORDERS_KEY } from '../../lib/queries';
import { queryClient } from '../../lib/query-client';

interface LineDraft {
  chosen: boolean;
  kind: ClaimKind;
  quantity: string;
  note: string;
}

type Problems = Record<string, string>;

/** The report as typed: a draft per line of the order. */
interface ReportValues {
  lines: LineDraft[];
}

/** A problem's key ("1.quantity", "lines") as the form's field ("lines.1.quantity", "lines"). */
const formField = (key: string) => (key === 'lines' ? key : `lines.${key}`);

/**
 * Sends the claim's photo as multipart/form-data (field "file"). Plain fetch rather than
 * lib/upload's progress-reporting request: a claim photo needs no progress bar, and sharing
 * that module with the product form would split it into a chunk of its own on every screen.
 */
async function sendPhoto(claimId: number, photo: File): Promise<void> {
  const form = new FormData();
  form.append('file', photo);
  const response = await fetch(`/api/claims/${claimId}/photos`, {
    method: 'POST',
    credentials: 'include',
    body: form,
  });
  if (response.ok) return;
  const text = await response.text();
  let body: ApiError['body'] = null;
  try {
    body = text ? (JSON.parse(text) as ApiError['body']) : null;
  } catch {
    body = null;
  }
  throw new ApiError(response.status, body, text, response.statusText);
}

/** The body for the chosen lines, or what is wrong, keyed as the server keys its fields. */
export function claimFromDrafts(
  order: Order,
  drafts: LineDraft[],
): { body: ReturnType<typeof claimCreateBody.parse> } | { problems: Problems } {
  const problems: Problems = {};
  const lines: { itemId: number; kind: ClaimKind; quantity: number; note: string }[] = [];
  order.orderItems.forEach((item, index) => {
    const draft = drafts[index]!;
    if (!draft.chosen) return;
    const quantity = Number(draft.quantity.trim());
    const unit = item.product.unit;
    if (draft.quantity.trim() === '' || !Number.isFinite(quantity) || quantity <= 0) {
      problems[`${index}.quantity`] = 'Enter how much, more than 0';
    } else if (quantityProblem(unit, quantity)) {
      problems[`${index}.quantity`] = quantityProblem(unit, quantity)!;
    } else if (quantity > item.quantity) {
      problems[`${index}.quantity`] =
        `At most ${formatQuantity(item.quantity)} ${unit}: what was delivered`;
    }
    lines.push({ itemId: item.id, kind: draft.kind, quantity, note: draft.note });
  });
  if (lines.length === 0) problems.lines = 'Choose at least one line with a problem';
  if (Object.keys(problems).length > 0) return { problems };
  const parsed = claimCreateBody.safeParse({ lines });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [, position, field] = issue.path;
      const line = lines[Number(position)];
      const index = order.orderItems.findIndex((item) => item.id === line?.itemId);
      problems[field ? `${index}.${String(field)}` : 'lines'] = issue.message;
    }
    return { problems };
  }
  return { body: parsed.data };
}

/** The form's schema: the chosen lines become the claim (claimFromDrafts). */
function reportForm(order: Order) {
  return z
    .object({
      lines: z.array(
        z.object({
          chosen: z.boolean(),
          kind: z.enum(CLAIM_KINDS),
          quantity: z.string(),
          note: z.string(),
        }),
      ),
    })
    .transform(({ lines }, ctx) => {
      const result = claimFromDrafts(order, lines);
      if ('body' in result) return result.body;
      addFieldIssues(
        ctx,
        Object.entries(result.problems).map(([key, message]) => [formField(key), message] as const),
      );
      return z.NEVER;
    });
}

/**
 * Report a problem with a delivered order (docs/claims.md): per line what went wrong (short,
 * damaged, wrong item, quality), how much and a note, with an optional photo. The farm is told
 * and decides; the decision shows on Claims.
 */
export function ReportProblemDialog({
  order,
  open,
  onClose,
}: {
  order: Order;
  open: boolean;
  onClose: () => void;
}) {
  const { register, handleSubmit, getValues, setError, watch, formState } = useForm<
    ReportValues,
    unknown,
    ClaimCreateBody
  >({
    resolver: zodResolver(reportForm(order)),
    defaultValues: {
      lines: order.orderItems.map(() => ({
        chosen: false,
        kind: 'damaged',
        quantity: '',
        note: '',
      })),
    },
    // Messages stay until the next try, which checks everything again.
    reValidateMode: 'onSubmit',
  });
  const { errors } = formState;
  const drafts = watch('lines');
  const [photo, setPhoto] = useState<File | null>(null);
  const report = useMutation({
    mutationFn: async ({ body, photo }: { body: ClaimCreateBody; photo: File | null }) => {
      const claim = await api.post<Claim>(`/api/orders/${order.id}/claims`, body);
      if (photo) await sendPhoto(claim.id, photo);
      return claim;
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: RESTAURANT_ORDERS_KEY }),
  });
  const onSubmit = handleSubmit((body) => {
    report.mutate(
      { body, photo },
      {
        onSuccess: () => {
          onClose();
          toast({
            title: 'Problem reported',
            description: `${order.farm.name} is told and will decide. Follow it on Claims.`,
          });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.body?.fields) {
            // The server numbers the lines it was sent: the chosen ones.
            const sent = getValues('lines');
            const chosen = order.orderItems.filter((_, index) => sent[index]!.chosen);
            for (const [key, message] of Object.entries(error.body.fields)) {
              const match = /^lines\.(\d+)\.(\w+)$/.exec(key);
              const item = match ? chosen[Number(match[1])] : undefined;
              const index = item ? order.orderItems.indexOf(item) : -1;
              const field = index >= 0 ? formField(`${index}.${match![2]}`) : 'lines';
              setError(field as Path<ReportValues>, { message });
            }
          }
          setError('root.server', {
            message:
              error instanceof ApiError ? error.message : 'Could not send. Please try again.',
          });
        },
      },
    );
  });
  const linesMessage = errors.lines?.message ?? errors.lines?.root?.message;

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        title={`Report a problem with order #${order.id}`}
        description={`Choose the lines that arrived wrong. ${order.farm.name} is told and decides; an accepted problem is credited on your bill.`}
      >
        <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void onSubmit(event)}>
          {order.orderItems.map((item, index) => {
            const chosen = drafts[index]?.chosen ?? false;
            const lineErrors = errors.lines?.[index];
            const unit = item.product.unit;
            return (
              <fieldset
                key={item.id}
                className="flex flex-col gap-2 rounded-lg border border-stone-200 p-3"
              >
                <legend className="px-1 text-sm font-semibold break-words">
                  {item.product.name}
                </legend>
                <label className="flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-5 accent-green-700"
                    {...register(`lines.${index}.chosen`)}
                  />
                  Problem with {item.product.name} (delivered {formatQuantity(item.quantity)} {unit}
                  )
                </label>
                {chosen ? (
                  <div className="grid gap-2 sm:grid-cols-2">
                    <Field label="What went wrong">
                      {(ids) => (
                        <Select {...ids} {...register(`lines.${index}.kind`)}>
                          {CLAIM_KINDS.map((kind) => (
                            <option key={kind} value={kind}>
                              {CLAIM_KIND_LABELS[kind]}
                            </option>
                          ))}
                        </Select>
                      )}
                    </Field>
                    <Field label={`How much (${unit})`} error={lineErrors?.quantity?.message}>
                      {(ids) => (
                        <Input
                          {...ids}
                          inputMode="decimal"
                          step={quantityStep(unit)}
                          {...register(`lines.${index}.quantity`)}
                        />
                      )}
                    </Field>
                    <Field
                      className="sm:col-span-2"
                      label="Note for the farm"
                      error={lineErrors?.note?.message}
                    >
                      {(ids) => (
                        <Textarea
                          {...ids}
                          maxLength={CLAIM_NOTE_MAX_LENGTH}
                          {...register(`lines.${index}.note`)}
                        />
                      )}
                    </Field>
                  </div>
                ) : null}
              </fieldset>
            );
          })}
          {linesMessage ? (
            <p className="text-sm text-destructive" role="alert">
              {linesMessage}
            </p>
          ) : null}
          <Field label="Photo (optional)" hint="A JPEG, PNG or WebP photo of what arrived">
            {(ids) => (
              <Input
                {...ids}
                type="file"
                accept="image/jpeg,image/png,image/webp"
                className="py-2"
                onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
              />
            )}
          </Field>
          {errors.root?.server?.message ? (
            <p className="text-sm text-destructive" role="alert">
              {errors.root.server.message}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={report.isPending}>
              {report.isPending ? 'Sending...' : 'Send to the farm'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
