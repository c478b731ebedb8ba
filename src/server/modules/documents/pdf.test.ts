import { describe, expect, it, vi } from 'vitest';
import { pdfText as readPdfText } from '../../../../tests/helpers/pdf-text';
import { documentFonts } from './fonts';
import { newPdf, pdfText, type PdfLog } from './pdf';

/** Draws the lines into a fresh document and returns its bytes. */
async function draw(title: string, log: PdfLog, lines: string[]) {
  const doc = await newPdf(title, log);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  for (const line of lines) doc.text(pdfText(doc, line));
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

describe('PDF text', () => {
  it('prints the ʻokina and the kahakō vowels as written, in an embedded font', async () => {
    const log = { warn: vi.fn() };
    const pdf = await draw('Names', log, ['ʻUlu from Waiʻanae', 'Kaʻū, Hāmākua: ĀĒĪŌŪ āēīōū']);
    const text = await readPdfText(pdf);
    expect(text).toContain('ʻUlu from Waiʻanae');
    expect(text).toContain('Kaʻū, Hāmākua: ĀĒĪŌŪ āēīōū');
    expect(log.warn).not.toHaveBeenCalled();
    // The font is embedded, and PDF's built-in Helvetica is not named at all.
    const raw = pdf.toString('latin1');
    expect(raw).toContain('/FontFile2');
    expect(raw).not.toContain('Helvetica');
  });

  it('parses each font once, but gives every document glyphs of its own', async () => {
    type Glyphs = { glyphForCodePoint(codePoint: number): { id: number; codePoints: number[] } };
    const first = await documentFonts();
    const second = await documentFonts();
    expect(Object.getPrototypeOf(first.regular)).toBe(Object.getPrototypeOf(second.regular));
    const a = (first.regular as unknown as Glyphs).glyphForCodePoint(0x2bb);
    const b = (second.regular as unknown as Glyphs).glyphForCodePoint(0x2bb);
    expect(a.id).toBe(b.id);
    expect(a).not.toBe(b);
    // Two documents drawn one after the other each read back exactly.
    const log = { warn: vi.fn() };
    await draw('One', log, ['ʻUlu 4 lb × $5.00 = $20.00']);
    expect(await readPdfText(await draw('Two', log, ['Total $11.00']))).toContain('Total $11.00');
  });

  it('composes a vowel and a separate macron into the vowel with its kahakō', async () => {
    const doc = await newPdf('Composed', { warn: vi.fn() });
    expect(pdfText(doc, 'Ha\u0304ma\u0304kua')).toBe('Hāmākua');
  });

  it('prints a character the fonts lack as U+FFFD and logs it once with the document', async () => {
    const log = { warn: vi.fn() };
    const pdf = await draw('Packing slip for order 7', log, ['Taro 中 and 中', 'Poi']);
    const text = await readPdfText(pdf);
    expect(text).toContain('Taro \ufffd and \ufffd');
    expect(text).toContain('Poi');
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith(
      { document: 'Packing slip for order 7', character: 'U+4E2D' },
      expect.stringContaining('U+FFFD'),
    );
  });

  it('keeps line breaks for PDFKit to lay out', async () => {
    const log = { warn: vi.fn() };
    const doc = await newPdf('Notes', log);
    expect(pdfText(doc, 'Leave at the back door\nmahalo ā')).toBe(
      'Leave at the back door\nmahalo ā',
    );
    expect(log.warn).not.toHaveBeenCalled();
  });
});
