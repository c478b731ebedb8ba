import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { FarmActor, RestaurantActor } from '#core/actor';
import { formatQuantity } from '#core/quantity';
import type { RecordsQuery } from '#core/schemas/traceability';
import { TRACEABILITY_CATEGORY_LABELS, type TraceabilityCategory } from '#core/traceability';
import { asciiSlug } from '#core/file-name';
import type { DbOrTx } from '../../db/database';
import { farms, restaurants, shippingRecords } from '../../db/schema';
import { badRequest } from '../../errors';
import { toCsv } from '../reports';

/**
 * FSMA 204 shipping records (docs/traceability.md): fixed when an order moves to in transit,
 * one row per lot of each line of a traced product, copied into their own table so that no
 * later rename, delete or cancel changes them. The same rows are the farm's shipping records
 * and the restaurant's receiving records. A quantity is in the product's unit: a line of packs
 * ships count × pack size, which is what its lots add up to (docs/packs.md). A line charged by
 * weight ships its weight, in its weight unit (docs/catch-weight.md); its lots still count units.
 */

export type RecordsViewer = FarmActor | RestaurantActor;

/** The records a farm shipped or a restaurant received, within the query's filters. */
function recordConditions(viewer: RecordsViewer, query: RecordsQuery): SQL[] {
  const conditions: SQL[] = [];
  if (viewer.business.kind === 'farm') {
    conditions.push(eq(shippingRecords.farmId, viewer.business.id));
  } else {
    conditions.push(eq(shippingRecords.restaurantId, viewer.business.id));
    if (query.lot !== undefined && query.farmId === undefined) {
      throw badRequest('Name the farm of the lot: lot codes are unique per farm', {
        farmId: 'Choose the farm the lot came from',
      });
    }
    if (query.farmId !== undefined) conditions.push(eq(shippingRecords.farmId, query.farmId));
  }
  if (query.from) conditions.push(gte(shippingRecords.shipDate, query.from));
  if (query.to) conditions.push(lte(shippingRecords.shipDate, query.to));
  if (query.lot !== undefined) {
    conditions.push(sql`lower(${shippingRecords.lotCode}) = lower(${query.lot})`);
  }
  return conditions;
}

/** The columns the spreadsheet prints: no more, so a year of records reads fast. */
const recordColumns = {
  lotCode: shippingRecords.lotCode,
  quantity: shippingRecords.quantity,
  unit: shippingRecords.unit,
  productDescription: shippingRecords.productDescription,
  traceabilityCategory: shippingRecords.traceabilityCategory,
  recipientName: shippingRecords.recipientName,
  recipientLocation: shippingRecords.recipientLocation,
  shipFromName: shippingRecords.shipFromName,
  shipFromLocation: shippingRecords.shipFromLocation,
  shipDate: shippingRecords.shipDate,
  lotCodeSource: shippingRecords.lotCodeSource,
  referenceDocument: shippingRecords.referenceDocument,
  orderId: shippingRecords.orderId,
};
export type RecordRow = {
  [K in keyof typeof recordColumns]: (typeof shippingRecords.$inferSelect)[K];
};

export async function listRecords(
  db: DbOrTx,
  viewer: RecordsViewer,
  query: RecordsQuery,
): Promise<RecordRow[]> {
  return db
    .select(recordColumns)
    .from(shippingRecords)
    .where(and(...recordConditions(viewer, query)))
    .orderBy(asc(shippingRecords.shipDate), asc(shippingRecords.id));
}

/** The spreadsheet's columns: the key data elements, in the order FDA reads them. */
export const RECORD_COLUMNS = [
  'Traceability lot code',
  'Quantity',
  'Unit of measure',
  'Product description',
  'Food Traceability List category',
  'Ship-to name',
  'Ship-to location',
  'Ship-from name',
  'Ship-from location',
  'Ship date',
  'Traceability lot code source',
  'Reference document',
  'Order',
] as const;

function recordCells(row: RecordRow): (string | number)[] {
  return [
    row.lotCode,
    row.quantity,
    row.unit,
    row.productDescription,
    TRACEABILITY_CATEGORY_LABELS[row.traceabilityCategory as TraceabilityCategory] ??
      row.traceabilityCategory,
    row.recipientName,
    row.recipientLocation,
    row.shipFromName,
    row.shipFromLocation,
    row.shipDate,
    row.lotCodeSource,
    row.referenceDocument,
    `#${row.orderId}`,
  ];
}

export interface RecordsFile {
  filename: string;
  contentType: string;
  body: string | Buffer;
}

function fileName(viewer: RecordsViewer, name: string, query: RecordsQuery): string {
  const kind = viewer.business.kind === 'farm' ? 'shipping' : 'receiving';
  const scope = query.lot
    ? `lot-${asciiSlug(query.lot) || 'code'}`
    : `${query.from ?? 'start'}-to-${query.to ?? 'today'}`;
  return `${asciiSlug(name) || kind}-${kind}-records-${scope}.${query.format}`;
}

/**
 * GET /api/traceability/records: the viewer's records as CSV (with a byte order mark, so Excel
 * reads UTF-8) or as an XLSX workbook with a header row that filters and sorts.
 */
export async function recordsFile(
  db: DbOrTx,
  viewer: RecordsViewer,
  query: RecordsQuery,
): Promise<RecordsFile> {
  const [rows, [business]] = await Promise.all([
    listRecords(db, viewer, query),
    viewer.business.kind === 'farm'
      ? db.select({ name: farms.name }).from(farms).where(eq(farms.id, viewer.business.id))
      : db
          .select({ name: restaurants.name })
          .from(restaurants)
          .where(eq(restaurants.id, viewer.business.id)),
  ]);
  const filename = fileName(viewer, business?.name ?? '', query);
  if (query.format === 'csv') {
    return {
      filename,
      contentType: 'text/csv; charset=utf-8',
      body: toCsv(
        RECORD_COLUMNS,
        rows.map((row) =>
          recordCells(row).map((cell, index) =>
            index === 1 ? formatQuantity(cell as number) : cell,
          ),
        ),
      ),
    };
  }
  const body = await recordsWorkbook(
    viewer.business.kind === 'farm' ? 'Shipping records' : 'Receiving records',
    rows,
  );
  return {
    filename,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body,
  };
}

/**
 * The XLSX workbook, written row by row by exceljs' streaming writer (a year of a busy farm's
 * shipments is 20,000 rows: the in-memory workbook takes several times longer): a bold, frozen
 * header row with filters, so the sheet sorts as FDA asks.
 */
async function recordsWorkbook(title: string, rows: RecordRow[]): Promise<Buffer> {
  const [{ default: ExcelJS }, { PassThrough }] = await Promise.all([
    import('exceljs'),
    import('node:stream'),
  ]);
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Harvest Hui';
  const sheet = workbook.addWorksheet(title, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = RECORD_COLUMNS.map((header) => ({
    header,
    width: Math.max(14, header.length + 2),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: 1, column: RECORD_COLUMNS.length },
  };
  sheet.getRow(1).commit();
  // The ship date is a real date (a number with a date format), so Excel sorts and filters it
  // as one; the CSV keeps YYYY-MM-DD. Midnight UTC: exceljs writes the date's UTC day.
  const shipDate = RECORD_COLUMNS.indexOf('Ship date');
  for (const row of rows) {
    const cells: (string | number | Date)[] = recordCells(row);
    cells[shipDate] = new Date(`${row.shipDate}T00:00:00Z`);
    const added = sheet.addRow(cells);
    added.getCell(shipDate + 1).numFmt = 'yyyy-mm-dd';
    added.commit();
  }
  sheet.commit();
  await workbook.commit();
  await finished;
  return Buffer.concat(chunks);
}
