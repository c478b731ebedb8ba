import type { ResaleCertificate } from '#core/schemas/resale-certificate';
import {
  BOLD,
  formatDay,
  formatHawaiiInstant,
  INK,
  MUTED,
  PAGE_MARGIN as MARGIN,
  pdfText,
  REGULAR,
  RULE,
} from './pdf';

type Pdf = PDFKit.PDFDocument;

function box(doc: Pdf, heading: string, rows: [string, string][], width: number): void {
  const top = doc.y;
  doc
    .font(BOLD)
    .fontSize(10)
    .fillColor(INK)
    .text(heading, MARGIN + 8, top + 6, { width: width - 16 });
  doc.moveDown(0.3);
  for (const [name, value] of rows) {
    const y = doc.y;
    doc
      .font(REGULAR)
      .fontSize(8)
      .fillColor(MUTED)
      .text(name, MARGIN + 8, y, { width: 150 });
    doc
      .font(REGULAR)
      .fontSize(10)
      .fillColor(INK)
      .text(pdfText(doc, value), MARGIN + 160, y, { width: width - 168 });
    doc.moveDown(0.3);
  }
  const bottom = doc.y + 4;
  doc
    .rect(MARGIN, top, width, bottom - top)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();
  doc.y = bottom + 10;
}

/**
 * A resale certificate in the layout of the Department of Taxation's Form G-17 (Resale
 * Certificate for General Excise Tax): purchaser, seller, the goods, the certification, the
 * period and the signature, then what happened to it since (a revocation).
 */
export function renderResaleCertificate(doc: Pdf, certificate: ResaleCertificate): void {
  const width = doc.page.width - MARGIN * 2;
  doc
    .font(REGULAR)
    .fontSize(9)
    .fillColor(MUTED)
    .text('STATE OF HAWAII — DEPARTMENT OF TAXATION', MARGIN, MARGIN, {
      width,
      align: 'center',
    });
  doc.moveDown(0.2);
  doc
    .font(BOLD)
    .fontSize(16)
    .fillColor(INK)
    .text('RESALE CERTIFICATE', { width, align: 'center' })
    .font(REGULAR)
    .fontSize(10)
    .text('General Excise Tax (in the layout of Form G-17)', { width, align: 'center' });
  doc.moveDown(0.3);
  doc
    .fontSize(9)
    .fillColor(MUTED)
    .text(`Certificate ${certificate.id}`, { width, align: 'center' });
  doc.moveDown(1);

  box(
    doc,
    'Purchaser',
    [
      ['Name', certificate.restaurant.name],
      ['Address', certificate.restaurant.location],
      ['General Excise Tax licence number', certificate.licenseNumber],
    ],
    width,
  );
  box(
    doc,
    'Seller',
    [
      ['Name', certificate.farm.name],
      ['Address', certificate.farm.location],
    ],
    width,
  );
  box(
    doc,
    'Description of the property purchased for resale',
    [['', certificate.goodsDescription]],
    width,
  );

  doc
    .font(REGULAR)
    .fontSize(10)
    .fillColor(INK)
    .text(
      pdfText(
        doc,
        `The undersigned purchaser certifies that the property described above, purchased from ${certificate.farm.name}, ` +
          'is purchased for resale in the regular course of business, and that the purchaser holds the ' +
          'General Excise Tax licence named above. If the property is used or consumed other than for ' +
          'resale, the purchaser is liable for the tax that applies.',
      ),
      MARGIN,
      undefined,
      { width },
    );
  doc.moveDown(1);

  box(
    doc,
    'Period',
    [
      ['Takes effect', formatDay(certificate.effectiveFrom)],
      ['Ends', certificate.endsOn ? formatDay(certificate.endsOn) : 'Until revoked'],
    ],
    width,
  );
  box(
    doc,
    'Signature',
    [
      ['Signed by', certificate.signedByName],
      ['For', certificate.restaurant.name],
      ['Signed on', formatHawaiiInstant(certificate.signedAt)],
    ],
    width,
  );
  if (certificate.revokedAt) {
    box(
      doc,
      'Revoked',
      [
        [
          'Last day it covers',
          certificate.state === 'revoked'
            ? 'None: revoked before it took effect'
            : formatDay(certificate.effectiveUntil),
        ],
        [
          'Revoked by',
          `${certificate.revokedByName ?? ''} (${certificate.revokedBy === 'farm' ? certificate.farm.name : certificate.restaurant.name})`,
        ],
        ['Revoked on', formatHawaiiInstant(certificate.revokedAt)],
      ],
      width,
    );
  }
  doc.moveDown(0.5);
  doc
    .font(REGULAR)
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      'Kept on file by the seller. Signed electronically on Harvest Hui; the Department of Taxation’s form and rules govern.',
      MARGIN,
      undefined,
      { width, align: 'center' },
    );
}
