import { formatUsd, multiplyCents, parseMoney } from '#core/money';
import { MAX_PACKS } from '#core/packs';
import { hasAtMostTwoDecimals, isWeighedUnit, quantityStep } from '#core/quantity';
import { plural } from '#core/counts';
import type { ProductFormValues } from '#core/schemas/product';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import type { FieldErrors } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/form';

type PackValues = NonNullable<ProductFormValues['packs']>[number];

/** A row the farmer adds: no size yet, its price following the product's. */
const NEW_PACK = {
  label: '',
  size: undefined as unknown as number,
  price: null,
  minimumQuantity: null,
  estimatedWeight: null,
} satisfies PackValues;

// Blank number fields are "not given"; the schema says what is wrong with anything else.
const optionalNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);
const requiredNumber = (value: unknown) => optionalNumber(value) ?? undefined;
const optionalMoney = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : value;

/** `size` units at the product's price ("$43.20"), or nothing while either is unreadable. */
function followingPrice(productPrice: string | undefined, size: unknown): string | undefined {
  const cents = parseMoney(productPrice);
  if (cents === null || cents < 0 || typeof size !== 'number' || !(size > 0)) return undefined;
  return hasAtMostTwoDecimals(size) ? formatUsd(multiplyCents(cents, size)) : undefined;
}

/**
 * The Add/Edit Product form's packs (docs/packs.md): the unit pack first, at the product's
 * price, then up to five more the farmer labels, sizes and may price. `unitRowShown` says the
 * first row is the unit pack the product came with: its label is the unit, its price the
 * product's, so only its minimum is edited here.
 */
export function PackFields({
  control,
  register,
  errors,
  unitRowShown,
  onUnitRowRemoved,
  weightUnit = null,
}: {
  control: Control<ProductFormValues, unknown, unknown>;
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
  unitRowShown: boolean;
  onUnitRowRemoved: () => void;
  /** Set when the product is priced by weight: every pack then says what one weighs. */
  weightUnit?: string | null;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'packs' });
  const unit = useWatch({ control, name: 'unit' }) as string | undefined;
  const productPrice = useWatch({ control, name: 'price' });
  const packs = useWatch({ control, name: 'packs' }) ?? [];
  const unitName = unit || 'unit';
  const sizeStep = quantityStep(unit ?? '');
  const listError = errors.packs?.message ?? errors.packs?.root?.message;

  const removeRow = (index: number) => {
    if (index === 0 && unitRowShown) onUnitRowRemoved();
    remove(index);
  };

  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="text-sm font-medium text-stone-800">Packs</legend>
      <p className="text-xs text-stone-500">
        Every pack sells from the same stock, counted in {plural(unitName, 2)}. A pack’s price left
        empty is its size × the product’s price.
      </p>
      <ul className="flex flex-col gap-3">
        {fields.map((field, index) => {
          const pack = packs[index];
          const rowErrors = errors.packs?.[index];
          const number = index + 1;
          const isUnitRow = index === 0 && unitRowShown;
          // Only the unit pack sells part of one: a minimum of another counts whole packs.
          const decimalMinimum = isUnitRow && isWeighedUnit(unit);
          const removable = fields.length > 1 && (
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Remove pack ${number}`}
              onClick={() => removeRow(index)}
            >
              <Trash2 aria-hidden="true" className="text-destructive" />
            </Button>
          );
          const minimum = (
            <Field
              label={
                <>
                  Minimum<span className="sr-only"> of pack {number}</span>
                </>
              }
              error={rowErrors?.minimumQuantity?.message}
            >
              {(ids) => (
                <Input
                  {...ids}
                  type="number"
                  className="pr-1 pl-2"
                  inputMode={decimalMinimum ? 'decimal' : 'numeric'}
                  step={decimalMinimum ? 0.01 : 1}
                  min="0"
                  placeholder="None"
                  {...register(`packs.${index}.minimumQuantity`, { setValueAs: optionalNumber })}
                />
              )}
            </Field>
          );
          const estimate = weightUnit ? (
            <Field
              className="col-span-full min-w-0"
              label={
                <>
                  Estimated weight ({weightUnit})<span className="sr-only"> of pack {number}</span>
                </>
              }
              required
              error={rowErrors?.estimatedWeight?.message}
            >
              {(ids) => (
                <Input
                  {...ids}
                  type="number"
                  className="max-w-40"
                  inputMode="decimal"
                  step="0.01"
                  min="0"
                  placeholder="25"
                  {...register(`packs.${index}.estimatedWeight`, { setValueAs: optionalNumber })}
                />
              )}
            </Field>
          ) : null;
          if (isUnitRow) {
            // Its label and size follow the unit; a problem with them is the unit's to show.
            const unitProblem = rowErrors?.price?.message ?? rowErrors?.size?.message;
            return (
              <li
                key={field.id}
                className="flex flex-col gap-2 rounded-md border border-stone-200 p-3"
                data-testid="pack-row"
              >
                <div className="flex items-start justify-between gap-2">
                  <p className="min-w-0 py-2 text-sm break-words">
                    <span className="font-medium">{pack?.label || unitName}</span> · 1 {unitName} ·{' '}
                    <span className="tabular">
                      {followingPrice(productPrice, 1) ?? 'the product’s price'}
                    </span>
                  </p>
                  {removable}
                </div>
                {unitProblem ? (
                  <p className="text-sm text-destructive" role="alert">
                    {unitProblem}
                  </p>
                ) : null}
                <div className="grid grid-cols-[1fr_1.4fr_1fr] gap-2">
                  {minimum}
                  {estimate}
                </div>
              </li>
            );
          }
          return (
            <li
              key={field.id}
              className="flex flex-col gap-2 rounded-md border border-stone-200 p-3"
              data-testid="pack-row"
            >
              <div className="flex items-end gap-2">
                <Field
                  className="min-w-0 flex-1"
                  label={
                    <>
                      Label<span className="sr-only"> of pack {number}</span>
                    </>
                  }
                  required
                  error={rowErrors?.label?.message}
                >
                  {(ids) => (
                    <Input
                      {...ids}
                      autoComplete="off"
                      placeholder={`case of 24 ${plural(unitName, 24)}`}
                      {...register(`packs.${index}.label`)}
                    />
                  )}
                </Field>
                {removable}
              </div>
              <div className="grid grid-cols-[1fr_1.4fr_1fr] gap-2">
                <Field
                  className="min-w-0"
                  label={
                    <>
                      Size
                      <span className="sr-only">
                        {' '}
                        of pack {number}, in {plural(unitName, 2)}
                      </span>
                    </>
                  }
                  required
                  error={rowErrors?.size?.message}
                >
                  {(ids) => (
                    <Input
                      {...ids}
                      type="number"
                      className="pr-1 pl-2"
                      inputMode={isWeighedUnit(unit) ? 'decimal' : 'numeric'}
                      step={sizeStep}
                      min="0"
                      placeholder="24"
                      {...register(`packs.${index}.size`, { setValueAs: requiredNumber })}
                    />
                  )}
                </Field>
                <Field
                  className="min-w-0"
                  label={
                    <>
                      Price<span className="sr-only"> of pack {number}</span>
                    </>
                  }
                  error={rowErrors?.price?.message}
                >
                  {(ids) => (
                    <Input
                      {...ids}
                      type="number"
                      className="pr-1 pl-2"
                      inputMode="decimal"
                      step="0.01"
                      min="0"
                      placeholder={followingPrice(productPrice, pack?.size) ?? '0.00'}
                      {...register(`packs.${index}.price`, { setValueAs: optionalMoney })}
                    />
                  )}
                </Field>
                {minimum}
                {estimate}
              </div>
            </li>
          );
        })}
      </ul>
      {listError ? (
        <p className="text-sm text-destructive" role="alert">
          {listError}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={fields.length >= MAX_PACKS}
          onClick={() => append(NEW_PACK)}
        >
          <Plus aria-hidden="true" /> Add a pack
        </Button>
        {fields.length >= MAX_PACKS ? (
          <span className="text-xs text-stone-500">At most {MAX_PACKS} packs</span>
        ) : null}
      </div>
    </fieldset>
  );
}
