import { z } from 'zod';
import { PRODUCT_AVAILABILITY, PRODUCT_CATEGORIES, PRODUCT_SORTS, UNITS } from '../constants';
import {
  priceInput,
  moneyOutput,
  rateOutput,
  optionalText,
  positiveId,
  REQUIRED,
  requiredText,
} from './common';
import { keyCursor, pageLimit, WHOLE_LIST_LIMIT } from './paging';
import { photoOutput } from './photo';
import {
  groupThousands,
  hasAtMostTwoDecimals,
  isWeighedUnit,
  quantityProblem,
  TWO_DECIMALS_MESSAGE,
  wholeNumberMessage,
} from '../quantity';
import { isUnitPack, MAX_PACKS, PACK_LABEL_MAX_LENGTH } from '../packs';
import { WEIGHT_UNITS } from '../catch-weight';

/** The largest stock a product may carry; keeps sums far from the integer column's limit. */
export const MAX_AVAILABLE_QUANTITY = 1_000_000;

/**
 * The FDA's Food Traceability List categories a product may be marked with
 * (docs/traceability.md); their labels and rules are in core/traceability. Here, beside the product's schema, so that
 * only screens about products carry the list.
 */
export const TRACEABILITY_CATEGORIES = [
  'leafy_greens',
  'herbs',
  'tomatoes',
  'cucumbers',
  'peppers',
  'melons',
  'tropical_tree_fruits',
  'fresh_cut',
  'sprouts',
] as const;
export type TraceabilityCategory = (typeof TRACEABILITY_CATEGORIES)[number];

const category = z
  .union([z.enum(PRODUCT_CATEGORIES, { error: 'Choose a category from the list' }), z.literal('')])
  .nullish()
  .transform((value) => (value ? value : null));

const unit = z.enum(UNITS, {
  error: (issue) =>
    issue.input === undefined || issue.input === '' ? REQUIRED : 'Choose a unit from the list',
});

const QUANTITY_MESSAGE = 'Enter a number, 0 or more';

/**
 * Quantity is optional, 0 or more with at most two decimals; a decimal only for a weighed unit
 * (docs/adjustments.md#quantities), which the body's unit (or the stored one) decides. Forms
 * send the input's text, other clients a number; blank means 0.
 */
const availableQuantity = z
  .union([z.number(), z.string().trim()], { error: QUANTITY_MESSAGE })
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined || value === '') return 0;
    const quantity =
      typeof value === 'number' ? value : /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
    if (!Number.isFinite(quantity) || quantity < 0) {
      ctx.addIssue({ code: 'custom', message: QUANTITY_MESSAGE });
      return z.NEVER;
    }
    if (!hasAtMostTwoDecimals(quantity)) {
      ctx.addIssue({ code: 'custom', message: TWO_DECIMALS_MESSAGE });
      return z.NEVER;
    }
    if (quantity > MAX_AVAILABLE_QUANTITY) {
      ctx.addIssue({
        code: 'custom',
        message: `At most ${groupThousands(MAX_AVAILABLE_QUANTITY)}`,
      });
      return z.NEVER;
    }
    return quantity;
  });

const price = z
  .string({
    error: (issue) => (issue.input == null ? REQUIRED : 'Enter an amount like 12.50'),
  })
  .trim()
  .min(1, REQUIRED)
  .pipe(priceInput);

/** A product's Food Traceability List category on POST/PATCH /api/products; null: not traced. */
export const traceabilityCategoryInput = z
  .union([
    z.enum(TRACEABILITY_CATEGORIES, { error: 'Choose a category of the Food Traceability List' }),
    z.literal(''),
  ])
  .nullable()
  .transform((value) => (value ? value : null));

const PACK_SIZE_MESSAGE = 'Enter a size above 0, like 24 or 10.5';

/** One pack on POST/PATCH /api/products (docs/packs.md); with `id`, a pack the product has. */
export const packInput = z.object({
  id: positiveId.optional(),
  label: requiredText(PACK_LABEL_MAX_LENGTH),
  size: z
    .number({ error: PACK_SIZE_MESSAGE })
    .positive(PACK_SIZE_MESSAGE)
    .max(MAX_AVAILABLE_QUANTITY, `At most ${groupThousands(MAX_AVAILABLE_QUANTITY)}`)
    .refine(hasAtMostTwoDecimals, TWO_DECIMALS_MESSAGE),
  /** Null or absent: its size × the product's price. The unit pack is the product's price. */
  price: priceInput.nullish(),
  minimumQuantity: z
    .number({ error: 'Enter a number above 0' })
    .positive('Enter a number above 0')
    .max(MAX_AVAILABLE_QUANTITY, `At most ${groupThousands(MAX_AVAILABLE_QUANTITY)}`)
    .refine(hasAtMostTwoDecimals, TWO_DECIMALS_MESSAGE)
    .nullish(),
  estimatedWeight: z
    .number({ error: 'Enter a weight above 0' })
    .positive('Enter a weight above 0')
    .max(MAX_AVAILABLE_QUANTITY, `At most ${groupThousands(MAX_AVAILABLE_QUANTITY)}`)
    .refine(hasAtMostTwoDecimals, TWO_DECIMALS_MESSAGE)
    .nullish(),
});
export type PackInput = z.output<typeof packInput>;

/** A product's packs: 1 to 6, labels unique, at most one of size 1 (the unit). */
export const packsInput = z
  .array(packInput, { error: 'Give the packs as a list' })
  .min(1, 'A product sells at least one pack')
  .max(MAX_PACKS, `At most ${MAX_PACKS} packs`)
  .superRefine((packs, ctx) => {
    const labels = new Set<string>();
    let unit = false;
    packs.forEach((pack, index) => {
      const label = pack.label.toLowerCase();
      if (labels.has(label)) {
        ctx.addIssue({ code: 'custom', path: [index, 'label'], message: 'Already a pack' });
      }
      labels.add(label);
      if (isUnitPack(pack)) {
        if (unit) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'size'],
            message: 'Only one pack holds a single unit',
          });
        }
        unit = true;
      }
    });
  });

const productFields = {
  name: requiredText(120),
  description: optionalText(2000, 'multi'),
  category,
  unit,
  price,
  availableQuantity,
  isOrganic: z.boolean({ error: 'Must be true or false' }),
  isActive: z.boolean({ error: 'Must be true or false' }),
  /** On the Food Traceability List, or null (docs/traceability.md); absent: not traced. */
  traceabilityCategory: traceabilityCategoryInput.optional(),
  /** The packs it sells (docs/packs.md); absent: unchanged (a new product: its unit alone). */
  packs: packsInput.optional(),
  /** Charged on the weight packed (docs/catch-weight.md); `price` is then per `weightUnit`. */
  pricedByWeight: z.boolean({ error: 'Must be true or false' }).optional(),
  weightUnit: z.enum(WEIGHT_UNITS, { error: 'Choose lb, kg or oz' }).nullish(),
};

/** A product priced by weight names its weight unit; every pack it sends, its estimate. */
function weightProblems(body: {
  pricedByWeight?: boolean | undefined;
  weightUnit?: string | null | undefined;
  packs?: PackInput[] | undefined;
}) {
  if (body.pricedByWeight !== true) return [];
  return [
    ...(body.weightUnit ? [] : [{ path: ['weightUnit'], message: 'Choose lb, kg or oz' }]),
    ...(body.packs ?? []).flatMap((pack, index) =>
      pack.estimatedWeight
        ? []
        : [
            {
              path: ['packs', index, 'estimatedWeight'],
              message: `Enter what one ${pack.label} weighs`,
            },
          ],
    ),
  ];
}

/** A pack's size in a counted unit is whole: the field's message, or nothing. */
function packSizeProblems(unit: string | undefined, packs: PackInput[] | undefined) {
  if (unit === undefined || packs === undefined || isWeighedUnit(unit)) return [];
  return packs.flatMap((pack, index) =>
    Number.isInteger(pack.size)
      ? []
      : [{ path: ['packs', index, 'size'], message: wholeNumberMessage(unit) }],
  );
}

/** A decimal stock for a counted unit: the field's message, or nothing. */
export function stockUnitProblem(
  unit: string | undefined,
  availableQuantity: number | undefined,
): string | null {
  if (unit === undefined || availableQuantity === undefined) return null;
  return quantityProblem(unit, availableQuantity);
}

/** POST /api/products, and the Add/Edit Product form. */
export const productBody = z
  .object({
    ...productFields,
    isOrganic: productFields.isOrganic.default(false),
    isActive: productFields.isActive.default(true),
  })
  .superRefine((body, ctx) => {
    const problem = stockUnitProblem(body.unit, body.availableQuantity);
    if (problem) ctx.addIssue({ code: 'custom', path: ['availableQuantity'], message: problem });
    for (const issue of [...packSizeProblems(body.unit, body.packs), ...weightProblems(body)]) {
      ctx.addIssue({ code: 'custom', ...issue });
    }
  });
export type ProductBody = z.output<typeof productBody>;
export type ProductFormValues = z.input<typeof productBody>;

/** The code of the 409 a stock edit answers when the stock moved since the farmer saw it. */
export const STOCK_CHANGED_CODE = 'stock_changed';

/** The 409 of a stock edit: the stock as it is now, and the figure the farmer saw. */
export const stockConflictBody = z.object({
  message: z.string(),
  code: z.literal(STOCK_CHANGED_CODE),
  availableQuantity: z.number(),
  expectedAvailableQuantity: z.number(),
});
export type StockConflictBody = z.infer<typeof stockConflictBody>;

/**
 * PATCH /api/products/{id}: any of the same fields; the farm never changes. A stock change may
 * carry the stock the farmer saw (`expectedAvailableQuantity`): the change applies only if
 * the stock is still that figure, so units sold meanwhile are never put back.
 */
export const productUpdateBody = z
  .object({
    ...productFields,
    expectedAvailableQuantity: z
      .number({ error: QUANTITY_MESSAGE })
      .min(0, QUANTITY_MESSAGE)
      .refine(hasAtMostTwoDecimals, TWO_DECIMALS_MESSAGE)
      .max(MAX_AVAILABLE_QUANTITY, `At most ${groupThousands(MAX_AVAILABLE_QUANTITY)}`),
  })
  .partial()
  .refine(
    (body) => body.expectedAvailableQuantity === undefined || body.availableQuantity !== undefined,
    {
      path: ['expectedAvailableQuantity'],
      message: 'Send it with the new availableQuantity',
    },
  )
  .superRefine((body, ctx) => {
    // Without a unit in the body the stored unit decides, in the service.
    const problem = stockUnitProblem(body.unit, body.availableQuantity);
    if (problem) ctx.addIssue({ code: 'custom', path: ['availableQuantity'], message: problem });
    for (const issue of [...packSizeProblems(body.unit, body.packs), ...weightProblems(body)]) {
      ctx.addIssue({ code: 'custom', ...issue });
    }
  });
export type ProductUpdateBody = z.output<typeof productUpdateBody>;

export const farmSummary = z.object({
  id: z.number(),
  name: z.string(),
  deliveryFee: moneyOutput,
  orderMinimum: moneyOutput,
  /**
   * The GET the farm passes on, percent with 4 decimals; "0.0000" when none (docs/tax.md).
   * The server always sends it.
   */
  taxRate: rateOutput.optional(),
});
export type FarmSummary = z.infer<typeof farmSummary>;

/** A quantity break as browse and the cart carry it (docs/price-lists.md). */
export const priceBreakOutput = z.object({ minQuantity: z.number(), price: moneyOutput });
export type PriceBreakOutput = z.infer<typeof priceBreakOutput>;

/**
 * A pack as products answer it (docs/packs.md): `price` is the reader's price of one pack
 * before any break, `listPrice` the pack's own when they differ, `breaks` the reader's breaks
 * of it (browse). A member whose role sees no money gets no prices.
 */
export const packOutput = z.object({
  id: z.number(),
  label: z.string(),
  size: z.number(),
  price: moneyOutput.optional(),
  listPrice: moneyOutput.optional(),
  breaks: z.array(priceBreakOutput).optional(),
  minimumQuantity: z.number().nullable(),
  estimatedWeight: z.number().nullable(),
});
export type PackOutput = z.infer<typeof packOutput>;

export const productOutput = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  unit: z.string(),
  price: moneyOutput,
  availableQuantity: z.number(),
  isOrganic: z.boolean(),
  isActive: z.boolean(),
  /** Its Food Traceability List category, or null. The server always sends it. */
  traceabilityCategory: z.enum(TRACEABILITY_CATEGORIES).nullable().optional(),
  farmId: z.number(),
  farm: farmSummary,
  /**
   * The product's own price, when the reader's price list makes `price` differ from it
   * (docs/price-lists.md); absent otherwise.
   */
  listPrice: moneyOutput.optional(),
  /** The reader's quantity breaks of it, fewest units first (browse; docs/price-lists.md). */
  breaks: z.array(priceBreakOutput).optional(),
  /** The farm's nearest delivery day from Hawaii's today on, "YYYY-MM-DD", or null. */
  nextDeliveryDate: z.string().nullable(),
  /**
   * Charged on the weight packed (docs/catch-weight.md): `price` is per `weightUnit` (lb, kg,
   * oz) and each pack carries its `estimatedWeight`. Always sent.
   */
  pricedByWeight: z.boolean().optional(),
  weightUnit: z.enum(WEIGHT_UNITS).nullable().optional(),
  /** The packs it sells from its stock, smallest first (docs/packs.md). Always sent. */
  packs: z.array(packOutput).optional(),
  /** The farm's photos of it, first one first (up to 4). */
  photos: z.array(photoOutput),
  /** The first photo's small version, or null: what cards, the cart and order lines show. */
  imageUrl: z.string().nullable(),
});
export type Product = z.infer<typeof productOutput>;

export const productListOutput = z.array(productOutput);

/**
 * GET /api/products/farm: the farm's own products. For a member whose role does not see money
 * (a packer; docs/teams.md) each has no `price`.
 */
export const farmProductListOutput = z.array(
  productOutput.extend({ price: moneyOutput.optional() }),
);

export {
  DEFAULT_PAGE_SIZE,
  PRODUCT_AVAILABILITY,
  PRODUCT_SORTS,
  type ProductAvailability,
  type ProductSort,
} from '../constants';
export const MAX_PAGE_SIZE = 100;

/** GET /api/products with any of these parameters answers one page of the catalogue. */
export const productQuery = z.object({
  q: z.string().trim().max(200, 'At most 200 characters').optional(),
  category: z
    .union([z.enum(PRODUCT_CATEGORIES), z.literal('all')], {
      error: 'Choose a category from the list',
    })
    .optional(),
  farmId: positiveId.optional(),
  availability: z
    .enum(PRODUCT_AVAILABILITY, { error: 'Use all, available or out_of_stock' })
    .optional(),
  sort: z
    .enum(PRODUCT_SORTS, { error: 'Use relevance, name, price, farm or availability' })
    .optional(),
  /** Only products whose farm can deliver to the restaurant's zone; off when absent. */
  deliversToMyZone: z
    .enum(['true', 'false'], { error: 'Use true or false' })
    .transform((value) => value === 'true')
    .optional(),
  page: z.coerce
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(1, 'At least 1')
    .max(100_000, 'Too large')
    .optional(),
  pageSize: z.coerce
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(1, 'At least 1')
    .max(MAX_PAGE_SIZE, `At most ${MAX_PAGE_SIZE}`)
    .optional(),
  /** The whole catalogue's paging (docs/api.md#paging): at most 500 a page, by name. */
  limit: pageLimit(WHOLE_LIST_LIMIT, WHOLE_LIST_LIMIT),
  cursor: keyCursor,
});
export type ProductQuery = z.output<typeof productQuery>;

/** The search parameters: any of them makes GET /api/products one page of a search. */
export const PRODUCT_SEARCH_PARAMETERS = [
  'q',
  'category',
  'farmId',
  'availability',
  'sort',
  'deliversToMyZone',
  'page',
  'pageSize',
] as const satisfies readonly (keyof ProductQuery)[];

export const productPageOutput = z.object({
  items: productListOutput,
  /** Products matching the search and filters. */
  total: z.number().int(),
  /** Every product on offer, whatever the filters. */
  totalAll: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /**
   * The farm filter's choices (docs/order-lists.md#bounded-lists): the farms with products
   * matching the search but for its farm filter, the most matches first, at most 50, and the
   * chosen farm always among them.
   */
  farms: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      /** What the chosen farm tells restaurants about itself, shown under the filter; null for the others. */
      description: z.string().nullable(),
      /** Its products matching the search but for the farm filter (0 for a chosen farm with none). */
      productCount: z.number().int().optional(),
    }),
  ),
  /** How many matching products `deliversToMyZone` left out (0 when it is off). */
  hiddenByZone: z.number().int(),
});
export type ProductPage = z.infer<typeof productPageOutput>;

/** DELETE /api/products/{id}: `archived` when orders still refer to it (restorable). */
export const productDeleteOutput = z.object({
  id: z.number(),
  archived: z.boolean(),
});
export type ProductDeleteResult = z.infer<typeof productDeleteOutput>;

export const farmListOutput = z.array(farmSummary);
