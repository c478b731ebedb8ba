import { formatCalendarDate, hawaiiDate, hawaiiWallClock } from '#core/hawaii-time';
import { centsOf, formatMoneyString, formatRatePercent, formatUsd } from '#core/money';
import { weightLabel } from '#core/catch-weight';
import { isUnitPack, packCountLabel, packNoun } from '#core/packs';
import { formatQuantity } from '#core/quantity';
import { CLAIM_KIND_LABELS, type Claim, type CreditNote } from '#core/schemas/claim';
import type { DeliveryRun } from '#core/schemas/delivery-run';
import type { GetSummary } from '#core/schemas/get-summary';
import type { DeliveryProof, PricedOrder } from '#core/schemas/order';
import type { ProofImages } from '../delivery-proof';
import { monthEnd, type Statement } from '../payments';
import { invoiceNumberLabel } from '../orders';
import { documentFonts, type ParsedFont } from './fonts';
import type { DocumentOrder, Invoice, PickListDay } from './service';

type Pdf = PDFKit.PDFDocument;

/*
 * What the claims and delivery-runs modules hand in to be drawn: the shapes are this module's
 * (they sit above it and import them from here).
 */

/** One credit note and its accepted lines, for its PDF (claims' creditNoteDocument). */
export interface CreditNoteDocument {
  note: CreditNote;
  /** The farm's and the restaurant's addresses, as the invoice prints them. */
  farmLocation: string;
  restaurantLocation: string;
  taxRate: string;
  invoiceNumber: number | null;
  lines: (Omit<Claim['lines'][number], 'acceptedQuantity'> & {
    acceptedQuantity: number;
    amount: string;
  })[];
}

/** What the run sheet prints: the farm, the run and its stops in order. */
export interface RunSheet {
  farm: { name: string; location: string; contactPhone: string | null };
  run: DeliveryRun;
}

export const PAGE_MARGIN = 50;
export const INK = '#1c1917';
export const MUTED = '#57534e';
export const RULE = '#d6d3d1';
const ACCENT = '#166534';

/** The names the embedded fonts are registered under in every document. */
export const REGULAR = 'NotoSans';
export const BOLD = 'NotoSans-Bold';

/** Where a document says that its fonts lack a character (a request's logger). */
export interface PdfLog {
  warn(details: { document: string; character: string }, message: string): void;
}

interface DocumentText {
  title: string;
  log: PdfLog;
  fonts: ParsedFont[];
  /** Characters already logged for this document, so a long table logs each once. */
  logged: Set<number>;
}

const documentText = new WeakMap<Pdf, DocumentText>();

/** Line breaks and tabs are laid out by PDFKit, never drawn as glyphs. */
const LAYOUT_CONTROLS = new Set(['\n', '\r', '\t']);

const REPLACEMENT_CHARACTER = '\ufffd';

/**
 * Text as the document's fonts can print it: Hawaiian as written (the ʻokina, the kahakō
 * vowels). A character the fonts lack (in either weight) prints as U+FFFD and is logged with
 * the document's name, so nothing goes missing unseen.
 */
export function pdfText(doc: Pdf, value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return value;
  const state = documentText.get(doc);
  if (!state) throw new Error('The document was not made by newPdf');
  let text = '';
  for (const character of value.normalize('NFC')) {
    const codePoint = character.codePointAt(0)!;
    if (
      LAYOUT_CONTROLS.has(character) ||
      state.fonts.every((font) => font.hasGlyphForCodePoint(codePoint))
    ) {
      text += character;
      continue;
    }
    text += REPLACEMENT_CHARACTER;
    if (!state.logged.has(codePoint)) {
      state.logged.add(codePoint);
      state.log.warn(
        {
          document: state.title,
          character: `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`,
        },
        'The PDF fonts lack a character; it was printed as U+FFFD',
      );
    }
  }
  return text;
}

/** "2026-12-01" -> "Dec 1, 2026". */
export function formatDay(date: string | null): string {
  return formatCalendarDate(date) ?? 'Not scheduled';
}

const usd = formatMoneyString;

/**
 * A new letter-size document drawing with the embedded fonts. PDFKit and the fonts are loaded
 * with the first document rather than at start: about 28 MB resident that a process drawing
 * none never needs.
 */
export async function newPdf(title: string, log: PdfLog): Promise<Pdf> {
  const [{ default: Document }, fonts] = await Promise.all([import('pdfkit'), documentFonts()]);
  const doc = new Document({
    size: 'LETTER',
    margin: PAGE_MARGIN,
    // No default font: PDFKit would otherwise set up Helvetica, which no text here uses.
    font: null as unknown as string,
    info: { Title: title, Author: 'Harvest Hui' },
  });
  // PDFKit takes a parsed font as well as a file (its types name only files).
  doc.registerFont(REGULAR, fonts.regular as unknown as Buffer);
  doc.registerFont(BOLD, fonts.bold as unknown as Buffer);
  doc.font(REGULAR);
  documentText.set(doc, {
    title,
    log,
    fonts: [fonts.regular, fonts.bold],
    logged: new Set(),
  });
  return doc;
}

function contentWidth(doc: Pdf): number {
  return doc.page.width - PAGE_MARGIN * 2;
}

function rule(doc: Pdf, y = doc.y): void {
  doc
    .moveTo(PAGE_MARGIN, y)
    .lineTo(doc.page.width - PAGE_MARGIN, y)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();
}

/**
 * The totals under a document's lines, right-aligned: each a name and an amount, the strong
 * ones (a total, a balance) larger and bold.
 */
function drawTotals(
  doc: Pdf,
  width: number,
  totals: [string, string, boolean][],
  labelWidth = 140,
): void {
  for (const [name, value, strong] of totals) {
    const y = doc.y;
    doc
      .font(strong ? BOLD : REGULAR)
      .fontSize(strong ? 12 : 10)
      .fillColor(INK)
      .text(name, PAGE_MARGIN + width - 120 - labelWidth, y, { width: labelWidth, align: 'right' })
      .text(value, PAGE_MARGIN + width - 116, y, { width: 110, align: 'right' });
    doc.moveDown(0.3);
  }
}

/** Starts a new page when fewer than `needed` points are left above the bottom margin. */
function ensureSpace(doc: Pdf, needed: number, onNewPage?: () => void): void {
  if (doc.y + needed > doc.page.height - PAGE_MARGIN) {
    doc.addPage();
    onNewPage?.();
  }
}

interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}

/** A simple table: a header row, then rows that wrap their text and break across pages. */
function table(
  doc: Pdf,
  columns: Column[],
  rows: string[][],
  options: { checkbox?: boolean } = {},
) {
  const x0 = PAGE_MARGIN;
  const padding = 6;
  const drawHeader = () => {
    const y = doc.y;
    doc.rect(x0, y, contentWidth(doc), 22).fill('#f5f5f4');
    let x = x0;
    doc.font(BOLD).fontSize(9).fillColor(MUTED);
    for (const column of columns) {
      doc.text(column.header.toUpperCase(), x + padding, y + 7, {
        width: column.width - padding * 2,
        align: column.align ?? 'left',
        lineBreak: false,
      });
      x += column.width;
    }
    doc.y = y + 22;
  };
  drawHeader();
  doc.font(REGULAR).fontSize(10).fillColor(INK);
  for (const row of rows) {
    const heights = row.map((cell, index) =>
      doc.heightOfString(pdfText(doc, cell), { width: columns[index]!.width - padding * 2 }),
    );
    const height = Math.max(...heights, 12) + padding * 2;
    ensureSpace(doc, height, drawHeader);
    const y = doc.y;
    let x = x0;
    row.forEach((cell, index) => {
      const column = columns[index]!;
      if (options.checkbox && index === 0) {
        doc
          .rect(x + padding, y + padding, 11, 11)
          .lineWidth(1)
          .strokeColor(INK)
          .stroke();
      } else {
        doc
          .font(REGULAR)
          .fontSize(10)
          .fillColor(INK)
          .text(pdfText(doc, cell), x + padding, y + padding, {
            width: column.width - padding * 2,
            align: column.align ?? 'left',
          });
      }
      x += column.width;
    });
    doc.y = y + height;
    rule(doc);
  }
}

function label(doc: Pdf, text: string, x: number, y: number, width: number) {
  doc.font(BOLD).fontSize(9).fillColor(MUTED).text(text, x, y, { width });
}

/** Lines of an address block; the first (a name) in bold unless told otherwise. */
function lines(
  doc: Pdf,
  values: (string | null | undefined)[],
  x: number,
  width: number,
  boldFirst = true,
) {
  doc.font(REGULAR).fontSize(10).fillColor(INK);
  values
    .filter((value): value is string => Boolean(value))
    .forEach((value, index) => {
      doc
        .font(boldFirst && index === 0 ? BOLD : REGULAR)
        .text(pdfText(doc, value), x, undefined, { width });
    });
}

/** The title block: the farm on the left, the document's name and key facts on the right. */
function header(doc: Pdf, data: DocumentOrder, title: string, facts: [string, string][]): void {
  const top = PAGE_MARGIN;
  const right = doc.page.width - PAGE_MARGIN;
  const factsWidth = 220;
  doc
    .font(BOLD)
    .fontSize(18)
    .fillColor(ACCENT)
    .text(pdfText(doc, data.farm.name), PAGE_MARGIN, top, {
      width: contentWidth(doc) - factsWidth,
    });
  doc.font(REGULAR).fontSize(10).fillColor(INK);
  lines(doc, [data.farm.location, data.farm.contactPhone], PAGE_MARGIN, 260, false);
  const leftBottom = doc.y;

  doc
    .font(BOLD)
    .fontSize(20)
    .fillColor(INK)
    .text(title, right - factsWidth, top, { width: factsWidth, align: 'right' });
  doc.moveDown(0.3);
  for (const [name, value] of facts) {
    const y = doc.y;
    doc
      .font(REGULAR)
      .fontSize(10)
      .fillColor(MUTED)
      .text(name, right - factsWidth, y, { width: 100 });
    doc
      .font(BOLD)
      .fillColor(INK)
      .text(pdfText(doc, value), right - 120, y, { width: 120, align: 'right' });
  }
  doc.y = Math.max(leftBottom, doc.y) + 16;
  rule(doc);
  doc.moveDown(1);
}

function restaurantBlock(doc: Pdf, heading: string, data: DocumentOrder, withContacts: boolean) {
  const y = doc.y;
  label(doc, heading, PAGE_MARGIN, y, 240);
  doc.moveDown(0.3);
  lines(
    doc,
    [data.restaurant.name, data.restaurant.location, data.restaurant.contactPhone],
    PAGE_MARGIN,
    250,
  );
  if (withContacts && data.restaurant.contacts.length > 0) {
    doc.moveDown(0.5);
    label(doc, 'Contacts', PAGE_MARGIN, doc.y, 240);
    doc.font(REGULAR).fontSize(9).fillColor(INK);
    for (const contact of data.restaurant.contacts) {
      const who = [contact.name, contact.position ? `(${contact.position})` : null]
        .filter(Boolean)
        .join(' ');
      const reach = [contact.phone, contact.email].filter(Boolean).join(' · ');
      doc.text(pdfText(doc, [who, reach].filter(Boolean).join(' - ')), PAGE_MARGIN, undefined, {
        width: 250,
      });
    }
  }
  return { top: y, bottom: doc.y };
}

type OrderLine = PricedOrder['orderItems'][number];

/** The pack a line was sold in (docs/packs.md); a line without one is of the product's unit. */
function linePack(item: OrderLine): { label: string; size: number } {
  return item.pack ?? { label: item.product.unit, size: 1 };
}

/**
 * `count` of the line's pack: "2 cases of 24 bunches" for a pack other than the unit, else the
 * quantity and unit as before ("3 lb").
 */
function lineCount(item: OrderLine, count: number): string {
  const pack = linePack(item);
  return isUnitPack(pack)
    ? `${formatQuantity(count)} ${item.product.unit}`
    : packCountLabel(count, pack.label);
}

/**
 * A line charged by weight (docs/catch-weight.md): its packs, then the weight billed beside the
 * estimate ("2 cases · 49.9 lb (est. 50 lb)"), or the estimate until the line is weighed.
 */
function weighedCount(item: OrderLine): string | null {
  if (!item.weightUnit) return null;
  const packs = packCountLabel(item.quantity, linePack(item).label);
  const estimate = weightLabel(item.estimatedWeight ?? 0, item.weightUnit);
  if (item.weight === null || item.weight === undefined) return `${packs} · ${estimate} estimated`;
  return `${packs} · ${weightLabel(item.weight, item.weightUnit)} (est. ${estimate})`;
}

/** A line's price: "$3.50/lb" for one charged by weight, else the price of one. */
function linePrice(item: OrderLine): string {
  return item.weightUnit ? `${usd(item.unitPrice)}/${item.weightUnit}` : usd(item.unitPrice);
}

/**
 * When the invoice changed after it was first issued because a weight was entered (the latest
 * such weighing), or null.
 */
function revisedByWeights(order: PricedOrder, issuedAt: Date): string | null {
  const later = order.orderItems
    .map((item) => item.weighedAt)
    .filter((at): at is string => !!at && new Date(at).getTime() > issuedAt.getTime())
    .sort();
  return later.length > 0 ? later[later.length - 1]! : null;
}

/** The noun a packing slip prints beside a line's count: "lb", "cases of 24 bunches". */
function lineNoun(item: OrderLine, count: number): string {
  const pack = linePack(item);
  return isUnitPack(pack) ? item.product.unit : packNoun(pack.label, count);
}

/** What a line ordered, when the farm adjusted it to something else; else null. */
function orderedIfAdjusted(item: PricedOrder['orderItems'][number]): number | null {
  const ordered = item.orderedQuantity ?? item.quantity;
  return ordered === item.quantity ? null : ordered;
}

/** True when some line delivers another quantity than was ordered (docs/adjustments.md). */
function hasAdjustedLines(order: PricedOrder): boolean {
  return order.orderItems.some((item) => orderedIfAdjusted(item) !== null);
}

/**
 * The product cell of a line: its name, and under it the traceability lots it was packed from
 * with how much of each (docs/traceability.md).
 */
function productCell(item: PricedOrder['orderItems'][number]): string {
  const name = item.substituteForName
    ? `${item.product.name}\nSubstitute for ${item.substituteForName}`
    : item.product.name;
  const lots = item.lots ?? [];
  if (lots.length === 0) return name;
  const codes = lots.map((lot) =>
    lots.length === 1
      ? lot.code
      : `${lot.code} (${formatQuantity(lot.quantity)} ${item.product.unit})`,
  );
  return `${name}\n${lots.length === 1 ? 'Lot' : 'Lots'}: ${codes.join(', ')}`;
}

/** "3 lb", or the line's quantity as ordered when it was not adjusted. */
function orderedCell(item: OrderLine): string {
  return lineCount(item, orderedIfAdjusted(item) ?? item.quantity);
}

/** The invoice: farm, bill-to, items with prices, totals and whom to pay. */
export function renderInvoice(doc: Pdf, invoice: Invoice, proof: ProofImages | null = null): void {
  const { order } = invoice;
  header(doc, invoice, 'INVOICE', [
    ['Invoice No.', invoiceNumberLabel(invoice.invoiceNumber)],
    ['Issue date', formatDay(hawaiiDate(invoice.issuedAt))],
    ['Order', `#${order.id}`],
    ['Delivery date', formatDay(order.deliveryDate)],
    // Due by the farm's terms once delivered; before that there is no due date yet.
    ...(order.status === 'delivered' && order.dueDate
      ? ([['Due date', formatDay(order.dueDate)]] as [string, string][])
      : []),
  ]);
  const block = restaurantBlock(doc, 'Bill to', invoice, false);
  const x = PAGE_MARGIN + 300;
  label(doc, 'Make checks payable to', x, block.top, 200);
  doc.moveDown(0.3);
  lines(doc, [invoice.farm.checksPayableTo ?? invoice.farm.name], x, contentWidth(doc) - 300);
  doc.y = Math.max(block.bottom, doc.y) + 20;

  const width = contentWidth(doc);
  // An adjusted order shows what was ordered beside what is delivered and billed.
  const adjusted = hasAdjustedLines(order);
  // A line counted in packs ("2 cases of 24 bunches") is priced by the pack: the price is of
  // one of what the line counts, and its count needs the room.
  const packed = order.orderItems.some((item) => !isUnitPack(linePack(item)) || item.weightUnit);
  const price = packed ? 'Price each' : 'Unit price';
  const count = packed ? 140 : adjusted ? 80 : 110;
  const money = adjusted && packed ? 90 : 110;
  table(
    doc,
    adjusted
      ? [
          { header: 'Product', width: width - 80 - count - money * 2 },
          { header: 'Ordered', width: 80, align: 'right' },
          { header: 'Delivered', width: count, align: 'right' },
          { header: price, width: money, align: 'right' },
          { header: 'Line total', width: money, align: 'right' },
        ]
      : [
          { header: 'Product', width: width - count - money * 2 },
          { header: 'Quantity', width: count, align: 'right' },
          { header: price, width: money, align: 'right' },
          { header: 'Line total', width: money, align: 'right' },
        ],
    order.orderItems.map((item) => [
      productCell(item),
      ...(adjusted ? [orderedCell(item)] : []),
      weighedCount(item) ?? lineCount(item, item.quantity),
      linePrice(item),
      usd(item.totalPrice),
    ]),
  );
  const revised = revisedByWeights(order, invoice.issuedAt);
  if (revised) {
    doc.moveDown(0.5);
    doc
      .font(REGULAR)
      .fontSize(9)
      .fillColor(MUTED)
      .text(
        `Revised on ${formatDay(hawaiiDate(new Date(revised)))}: weights entered`,
        PAGE_MARGIN,
        undefined,
        {
          width,
        },
      );
  }

  ensureSpace(doc, 90);
  doc.moveDown(0.8);
  const totals: [string, string, boolean][] = [
    ['Subtotal', usd(order.subtotal), false],
    ['Delivery fee', usd(order.deliveryFee), false],
    // The farm's fee of an order below its minimum (docs/minimums.md).
    ...(order.smallOrderFee && centsOf(order.smallOrderFee) > 0
      ? ([['Small-order fee', usd(order.smallOrderFee), false]] as [string, string, boolean][])
      : []),
    // The GET passed on, at the rate of the day the order was placed (docs/tax.md).
    ...(order.taxAmount && centsOf(order.taxAmount) > 0
      ? ([[`GET ${formatRatePercent(order.taxRate ?? '0')}`, usd(order.taxAmount), false]] as [
          string,
          string,
          boolean,
        ][])
      : []),
    [order.adjustedAt ? 'Adjusted total' : 'Total', usd(order.totalAmount), true],
  ];
  const paid = order.amountPaid ? centsOf(order.amountPaid) : 0;
  const credited = order.amountCredited ? centsOf(order.amountCredited) : 0;
  if (paid > 0) totals.push(['Paid', usd(order.amountPaid!), false]);
  // Credit notes put on this invoice (docs/claims.md).
  if (credited > 0) totals.push(['Credited', usd(order.amountCredited!), false]);
  if (paid > 0 || credited > 0) {
    totals.push(['Balance due', usd(order.balanceDue ?? '0.00'), true]);
  }
  drawTotals(doc, width, totals, 110);
  // Why the order has its GET rate, for the farm's records and its accountant (docs/tax.md).
  if (order.taxReason) {
    doc.moveDown(0.5);
    doc
      .font(REGULAR)
      .fontSize(9)
      .fillColor(MUTED)
      .text(
        `General Excise Tax at ${formatRatePercent(order.taxRate ?? '0')}: ${order.taxReason}`,
        PAGE_MARGIN,
        undefined,
        { width, align: 'right' },
      );
  }
  if (order.notes) {
    doc.moveDown(1);
    ensureSpace(doc, 40);
    label(doc, 'Order notes', PAGE_MARGIN, doc.y, width);
    doc.font(REGULAR).fontSize(10).fillColor(INK).text(pdfText(doc, order.notes), { width });
  }
  if (order.delivery) proofOfDelivery(doc, order.delivery, proof);
  doc.moveDown(2);
  doc
    .font(REGULAR)
    .fontSize(9)
    .fillColor(MUTED)
    .text('Mahalo for buying local.', PAGE_MARGIN, undefined, { width, align: 'center' });
}

/** "Nov 26, 2026, 7:02 AM": an instant as Hawaii's clock read it. */
export function formatHawaiiInstant(instant: string): string {
  const wall = hawaiiWallClock(new Date(instant));
  const hours = wall.getUTCHours();
  const minutes = String(wall.getUTCMinutes()).padStart(2, '0');
  const time = `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${formatDay(wall.toISOString().slice(0, 10))}, ${time}`;
}

/** The invoice's proof of delivery: who received it, when, who delivered it, and the pictures. */
function proofOfDelivery(doc: Pdf, delivery: DeliveryProof, proof: ProofImages | null): void {
  const width = contentWidth(doc);
  const pictureHeight = 120;
  const hasPictures = Boolean(proof?.photo || proof?.signature);
  doc.moveDown(1);
  ensureSpace(doc, 60 + (hasPictures ? pictureHeight + 10 : 0));
  label(doc, 'Proof of delivery', PAGE_MARGIN, doc.y, width);
  doc.moveDown(0.3);
  const facts = [
    `Received by ${delivery.recipientName}`,
    `Delivered ${formatHawaiiInstant(delivery.deliveredAt)}`,
    ...(delivery.deliveredByName ? [`Delivered by ${delivery.deliveredByName}`] : []),
  ];
  lines(doc, facts, PAGE_MARGIN, width, false);
  if (!hasPictures) return;
  const top = doc.y + 6;
  let x = PAGE_MARGIN;
  for (const picture of [proof?.photo, proof?.signature]) {
    if (!picture) continue;
    doc.image(picture, x, top, { fit: [200, pictureHeight], align: 'center', valign: 'center' });
    doc.rect(x, top, 200, pictureHeight).lineWidth(0.5).strokeColor(MUTED).stroke();
    x += 220;
  }
  doc.y = top + pictureHeight + 6;
  doc.x = PAGE_MARGIN;
}

/** The zone the order was placed for, whatever the restaurant's profile says today. */
function deliveryZone(data: DocumentOrder): string {
  return data.deliveryArea ?? 'Not set';
}

/** The packing slip: who gets it, when and where, and each item with a box to tick; no prices. */
export function renderPackingSlip(doc: Pdf, data: DocumentOrder): void {
  const { order } = data;
  header(doc, data, 'PACKING SLIP', [
    ['Order', `#${order.id}`],
    ['Delivery date', formatDay(order.deliveryDate)],
    ['Delivery zone', deliveryZone(data)],
  ]);
  const width = contentWidth(doc);
  const block = restaurantBlock(doc, 'Deliver to', data, true);
  const x = PAGE_MARGIN + 300;
  label(doc, 'Order notes', x, block.top, width - 300);
  doc.moveDown(0.3);
  doc
    .font(REGULAR)
    .fontSize(10)
    .fillColor(order.notes ? INK : MUTED)
    .text(pdfText(doc, order.notes ?? 'None'), x, undefined, { width: width - 300 });
  doc.y = Math.max(block.bottom, doc.y) + 20;

  const adjusted = hasAdjustedLines(order);
  table(
    doc,
    adjusted
      ? [
          { header: '', width: 30 },
          { header: 'Product', width: width - 300 },
          { header: 'Ordered', width: 70, align: 'right' },
          { header: 'Deliver', width: 70, align: 'right' },
          // Room for a pack's name: "cases of 24 bunches".
          { header: 'Unit', width: 130 },
        ]
      : [
          { header: '', width: 30 },
          { header: 'Product', width: width - 240 },
          { header: 'Quantity', width: 80, align: 'right' },
          { header: 'Unit', width: 130 },
        ],
    order.orderItems.map((item) => [
      '',
      productCell(item),
      ...(adjusted ? [formatQuantity(orderedIfAdjusted(item) ?? item.quantity)] : []),
      formatQuantity(item.quantity),
      lineNoun(item, item.quantity),
    ]),
    { checkbox: true },
  );

  ensureSpace(doc, 70);
  doc.moveDown(2);
  const y = doc.y;
  doc.font(REGULAR).fontSize(10).fillColor(INK);
  doc.text('Packed by: ____________________', PAGE_MARGIN, y);
  doc.text('Received by: ____________________', PAGE_MARGIN + width / 2, y);
}

/**
 * One day's pick list: every product to gather, summed in its unit over every pack the day's
 * orders sold, and said in its largest pack where they fill whole ones.
 */
export function renderPickList(doc: Pdf, day: PickListDay): void {
  const { date, slips } = day;
  const farm = slips[0]!.farm;
  const width = contentWidth(doc);
  doc
    .font(BOLD)
    .fontSize(18)
    .fillColor(ACCENT)
    .text(pdfText(doc, farm.name), PAGE_MARGIN, PAGE_MARGIN, { width });
  doc
    .font(BOLD)
    .fontSize(20)
    .fillColor(INK)
    .text(`PICK LIST · ${formatDay(date)}`, { width });
  doc
    .font(REGULAR)
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      pdfText(
        doc,
        `${slips.length} ${slips.length === 1 ? 'order' : 'orders'}: ${slips
          .map((slip) => `#${slip.order.id} ${slip.restaurant.name}`)
          .join(', ')}`,
      ),
      { width },
    );
  doc.moveDown(1);

  table(
    doc,
    [
      { header: '', width: 30 },
      { header: 'Product', width: width - 330 },
      { header: 'To harvest', width: 230 },
      { header: 'Orders', width: 70, align: 'right' },
    ],
    day.rows.map((row) => ['', row.name, row.harvest, String(row.orders)]),
    { checkbox: true },
  );

  for (const slip of slips) {
    doc.addPage();
    renderPackingSlip(doc, slip);
  }
}

/** A month's statement of one restaurant–farm pair: opening, invoices, payments, closing. */
export function renderStatement(doc: Pdf, statement: Statement): void {
  const width = contentWidth(doc);
  const cents = (value: number) => formatUsd(value);
  doc
    .font(BOLD)
    .fontSize(18)
    .fillColor(ACCENT)
    .text(pdfText(doc, statement.farm.name), PAGE_MARGIN, PAGE_MARGIN, { width });
  lines(doc, [statement.farm.location], PAGE_MARGIN, width, false);
  doc.moveDown(0.5);
  doc
    .font(BOLD)
    .fontSize(20)
    .fillColor(INK)
    .text(
      `STATEMENT · ${formatDay(`${statement.month}-01`)} to ${formatDay(monthEnd(statement.month))}`,
      { width },
    );
  doc.moveDown(0.5);
  label(doc, 'Account', PAGE_MARGIN, doc.y, width);
  lines(doc, [statement.restaurant.name, statement.restaurant.location], PAGE_MARGIN, width);
  doc.moveDown(1);
  table(
    doc,
    [
      { header: 'Date', width: 100 },
      { header: 'Description', width: width - 220 },
      { header: 'Amount', width: 120, align: 'right' },
    ],
    [
      [formatDay(`${statement.month}-01`), 'Opening balance', cents(statement.openingCents)],
      ...statement.lines.map((line) => [
        formatDay(line.date),
        line.description,
        cents(line.amountCents),
      ]),
    ],
  );
  ensureSpace(doc, 90);
  doc.moveDown(0.8);
  const totals: [string, string, boolean][] = [
    ['Opening balance', cents(statement.openingCents), false],
    ['Invoices', cents(statement.invoicedCents), false],
    ['Payments', cents(-statement.paidCents), false],
    ...(statement.creditedCents > 0
      ? [['Credit notes', cents(-statement.creditedCents), false] as [string, string, boolean]]
      : []),
    ...(statement.refundedCents > 0
      ? [['Credit refunded', cents(statement.refundedCents), false] as [string, string, boolean]]
      : []),
    ['Closing balance', cents(statement.closingCents), true],
  ];
  drawTotals(doc, width, totals);
  doc.moveDown(1);
  doc
    .font(REGULAR)
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      pdfText(
        doc,
        `Make checks payable to ${statement.farm.checksPayableTo ?? statement.farm.name}.`,
      ),
      PAGE_MARGIN,
      undefined,
      { width, align: 'center' },
    );
}

/** A sheet stop: one restaurant (a place of the run) with its orders, delivered at once. */
interface SheetStop {
  restaurant: RunSheet['run']['places'][number]['restaurant'];
  orderNumbers: string[];
  itemCount: number;
  notes: string[];
}

function sheetStops(run: RunSheet['run']): SheetStop[] {
  const byId = new Map(run.stops.map((stop) => [stop.orderId, stop]));
  return run.places.map((place) => {
    const orders = place.orderIds.flatMap((orderId) => byId.get(orderId) ?? []);
    return {
      restaurant: place.restaurant,
      orderNumbers: orders.map((order) => order.orderNumber),
      itemCount: orders.reduce((sum, order) => sum + order.itemCount, 0),
      notes: orders.flatMap((order) => (order.notes ? [order.notes] : [])),
    };
  });
}

/**
 * A delivery run's sheet for the driver: the stops in order, each with the restaurant, where
 * and whom to call, the orders and how many lines they hold, the notes, and a line to sign.
 * A stop is a place: one restaurant, with every order of the run delivered there.
 */
export function renderRunSheet(doc: Pdf, sheet: RunSheet): void {
  const { run, farm } = sheet;
  const width = contentWidth(doc);
  doc
    .font(BOLD)
    .fontSize(18)
    .fillColor(ACCENT)
    .text(pdfText(doc, farm.name), PAGE_MARGIN, PAGE_MARGIN, { width });
  lines(doc, [farm.location, farm.contactPhone], PAGE_MARGIN, width, false);
  doc.moveDown(0.5);
  doc
    .font(BOLD)
    .fontSize(20)
    .fillColor(INK)
    .text(pdfText(doc, `RUN SHEET · ${run.name} · ${formatDay(run.date)}`), { width });
  const stops = sheetStops(run);
  const orderCount = run.stops.length;
  doc
    .font(REGULAR)
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      `${stops.length} ${stops.length === 1 ? 'stop' : 'stops'}, ${orderCount} ${orderCount === 1 ? 'order' : 'orders'}`,
      { width },
    );
  doc.moveDown(1);
  if (stops.length === 0) {
    doc.font(REGULAR).fontSize(11).fillColor(INK).text('No stops on this run.', { width });
    return;
  }
  table(
    doc,
    [
      { header: '#', width: 24 },
      { header: 'Stop', width: 160 },
      { header: 'Orders', width: 56 },
      { header: 'Items', width: 40, align: 'right' },
      { header: 'Notes', width: width - 24 - 160 - 56 - 40 - 124 },
      { header: 'Received by', width: 124 },
    ],
    stops.map((stop, index) => [
      String(index + 1),
      [stop.restaurant.name, stop.restaurant.address, stop.restaurant.phone]
        .filter(Boolean)
        .join('\n'),
      stop.orderNumbers.join('\n'),
      String(stop.itemCount),
      stop.notes.join('\n'),
      // Room to sign above the line, and to print the name under it.
      '\n\n______________________\nName and signature',
    ]),
  );
}

/**
 * "Print the day's run sheets": every run of the day that has stops, each on a page of its
 * own, as its own sheet prints; a day without any says so.
 */
export function renderRunSheets(
  doc: Pdf,
  day: { farm: RunSheet['farm']; date: string; sheets: RunSheet[] },
): void {
  if (day.sheets.length === 0) {
    const width = contentWidth(doc);
    doc
      .font(BOLD)
      .fontSize(18)
      .fillColor(ACCENT)
      .text(pdfText(doc, day.farm.name), PAGE_MARGIN, PAGE_MARGIN, { width });
    doc.moveDown(0.5);
    doc
      .font(BOLD)
      .fontSize(20)
      .fillColor(INK)
      .text(`RUN SHEETS · ${formatDay(day.date)}`, { width });
    doc.moveDown(1);
    doc.font(REGULAR).fontSize(11).fillColor(INK).text('No runs with stops on this day.', {
      width,
    });
    return;
  }
  day.sheets.forEach((sheet, index) => {
    if (index > 0) doc.addPage();
    renderRunSheet(doc, sheet);
  });
}

/**
 * A credit note (docs/claims.md): its number in the farm's sequence, the invoice it is for,
 * each accepted line at the line's unit price, the GET on it and the total credited.
 */
export function renderCreditNote(doc: Pdf, data: CreditNoteDocument): void {
  const width = contentWidth(doc);
  const { note } = data;
  doc
    .font(BOLD)
    .fontSize(18)
    .fillColor(ACCENT)
    .text(pdfText(doc, note.farm.name), PAGE_MARGIN, PAGE_MARGIN, { width });
  lines(doc, [data.farmLocation], PAGE_MARGIN, width, false);
  doc.moveDown(0.5);
  doc.font(BOLD).fontSize(20).fillColor(INK).text(`CREDIT NOTE ${note.number}`, { width });
  doc.moveDown(0.3);
  const invoice =
    data.invoiceNumber === null ? '' : ` (invoice ${invoiceNumberLabel(data.invoiceNumber)})`;
  lines(
    doc,
    [`Issued ${formatDay(note.issuedOn)}`, `For order #${note.orderId}${invoice}`],
    PAGE_MARGIN,
    width,
    false,
  );
  doc.moveDown(0.5);
  label(doc, 'Credited to', PAGE_MARGIN, doc.y, width);
  lines(doc, [note.restaurant.name, data.restaurantLocation], PAGE_MARGIN, width);
  doc.moveDown(1);
  table(
    doc,
    [
      { header: 'Item', width: width - 340 },
      { header: 'Problem', width: 90 },
      { header: 'Quantity', width: 110, align: 'right' },
      { header: 'Unit price', width: 70, align: 'right' },
      { header: 'Amount', width: 70, align: 'right' },
    ],
    data.lines.map((line) => [
      pdfText(doc, line.product.name),
      CLAIM_KIND_LABELS[line.kind],
      // A case line credits cases: "1 case of 24 bunches".
      line.pack && !isUnitPack(line.pack)
        ? packCountLabel(line.acceptedQuantity, line.pack.label)
        : `${formatQuantity(line.acceptedQuantity)} ${line.product.unit}`,
      line.pack ? usd(line.unitPrice) : `${usd(line.unitPrice)}/${line.product.unit}`,
      usd(line.amount),
    ]),
  );
  ensureSpace(doc, 90);
  doc.moveDown(0.8);
  const totals: [string, string, boolean][] = [
    ['Subtotal', usd(note.subtotal), false],
    ...(centsOf(note.taxAmount) > 0
      ? [
          [`GET ${formatRatePercent(data.taxRate)}`, usd(note.taxAmount), false] as [
            string,
            string,
            boolean,
          ],
        ]
      : []),
    ['Total credited', usd(note.amount), true],
    ['On the invoice', usd(note.appliedToInvoice), false],
    ...(centsOf(note.toCreditBalance) > 0
      ? [['To credit balance', usd(note.toCreditBalance), false] as [string, string, boolean]]
      : []),
  ];
  drawTotals(doc, width, totals);
}

/**
 * A farm's GET summary (docs/tax.md#the-get-summary): its gross proceeds by General Excise Tax
 * rate for the period, the figures its G-45 or G-49 asks for, then each rate's invoices and
 * credit notes, so every figure can be traced to the orders behind it.
 */
export function renderGetSummary(doc: Pdf, summary: GetSummary): void {
  const width = contentWidth(doc);
  doc
    .font(BOLD)
    .fontSize(18)
    .fillColor(ACCENT)
    .text(pdfText(doc, summary.farm.name), PAGE_MARGIN, PAGE_MARGIN, { width });
  doc.moveDown(0.3);
  doc
    .font(BOLD)
    .fontSize(20)
    .fillColor(INK)
    .text(`GET SUMMARY · ${formatDay(summary.from)} to ${formatDay(summary.to)}`, { width });
  doc.moveDown(0.3);
  doc
    .font(REGULAR)
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      'Gross proceeds by General Excise Tax rate: subtotal, delivery fees and GET passed on of ' +
        'the invoices delivered in the period, less the credit notes issued in it. Cancelled ' +
        'orders are not counted.',
      PAGE_MARGIN,
      undefined,
      { width },
    );
  doc.moveDown(1);
  if (summary.rates.length === 0) {
    doc
      .font(REGULAR)
      .fontSize(11)
      .fillColor(INK)
      .text('No invoices or credit notes in this period.', { width });
    return;
  }

  table(
    doc,
    [
      { header: 'GET rate', width: 56 },
      { header: 'Invoices', width: 62, align: 'right' },
      { header: 'Subtotal', width: 72, align: 'right' },
      { header: 'Fees', width: 64, align: 'right' },
      { header: 'GET', width: 64, align: 'right' },
      { header: 'Credited', width: 72, align: 'right' },
      { header: 'Gross proceeds', width: width - 390, align: 'right' },
    ],
    [...summary.rates, { ...summary.totals, taxRate: null }].map((rate) => [
      rate.taxRate === null ? 'All rates' : formatRatePercent(rate.taxRate),
      String(rate.invoiceCount),
      usd(rate.subtotal),
      usd(rate.deliveryFees),
      usd(rate.taxPassedOn),
      formatUsd(-centsOf(rate.credited)),
      usd(rate.grossProceeds),
    ]),
  );

  for (const rate of summary.rates) {
    const percent = formatRatePercent(rate.taxRate);
    ensureSpace(doc, 120);
    doc.moveDown(1.2);
    doc.font(BOLD).fontSize(13).fillColor(INK).text(`At ${percent}`, PAGE_MARGIN, undefined, {
      width,
    });
    doc.moveDown(0.4);
    if (rate.invoices.length > 0) {
      table(
        doc,
        [
          { header: 'Delivered', width: 78 },
          { header: 'Order', width: 48 },
          { header: 'Invoice', width: 56 },
          { header: 'Restaurant', width: width - 418 },
          { header: 'Subtotal', width: 64, align: 'right' },
          { header: 'Fee', width: 54, align: 'right' },
          { header: 'GET', width: 54, align: 'right' },
          { header: 'Total', width: 64, align: 'right' },
        ],
        rate.invoices.map((invoice) => [
          formatDay(invoice.deliveryDate),
          `#${invoice.orderId}`,
          invoice.invoiceNumber,
          invoice.restaurantName,
          usd(invoice.subtotal),
          usd(invoice.deliveryFee),
          usd(invoice.taxAmount),
          usd(invoice.totalAmount),
        ]),
      );
    }
    if (rate.creditNotes.length > 0) {
      ensureSpace(doc, 80);
      doc.moveDown(0.6);
      label(doc, 'Credit notes issued', PAGE_MARGIN, doc.y, width);
      doc.moveDown(0.3);
      table(
        doc,
        [
          { header: 'Issued', width: 78 },
          { header: 'Order', width: 48 },
          { header: 'Number', width: 66 },
          { header: 'Restaurant', width: width - 374 },
          { header: 'Subtotal', width: 64, align: 'right' },
          { header: 'GET', width: 54, align: 'right' },
          { header: 'Amount', width: 64, align: 'right' },
        ],
        rate.creditNotes.map((note) => [
          formatDay(note.issuedOn),
          `#${note.orderId}`,
          note.number,
          note.restaurantName,
          usd(note.subtotal),
          usd(note.taxAmount),
          usd(note.amount),
        ]),
      );
    }
    ensureSpace(doc, 80);
    doc.moveDown(0.8);
    drawTotals(
      doc,
      width,
      [
        [`Invoiced at ${percent}`, usd(rate.invoiced), false],
        ['Credit notes', formatUsd(-centsOf(rate.credited)), false],
        [`Gross proceeds at ${percent}`, usd(rate.grossProceeds), true],
      ],
      180,
    );
  }
}
