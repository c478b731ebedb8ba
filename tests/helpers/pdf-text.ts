import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

interface PositionedText {
  text: string;
  x: number;
  y: number;
  width: number;
}

/**
 * The text of a PDF, read in-process (no system program): one line per row of the page, the
 * pieces of a row in reading order separated by a space, pages separated by a form feed. Enough
 * to assert that a document says what it should ("Poi 2 gallon"), not a layout-exact copy.
 */
export async function pdfText(pdf: Uint8Array | Buffer): Promise<string> {
  const document = await getDocument({
    data: new Uint8Array(pdf),
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const pieces: PositionedText[] = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        pieces.push({
          text: item.str,
          x: item.transform[4] as number,
          y: item.transform[5] as number,
          width: item.width,
        });
      }
      pages.push(toLines(pieces).join('\n'));
    }
    return pages.join('\f');
  } finally {
    await document.destroy();
  }
}

/** Groups pieces whose baselines are within 2 points into one line, top to bottom. */
function toLines(pieces: PositionedText[]): string[] {
  const rows: PositionedText[][] = [];
  for (const piece of [...pieces].sort((a, b) => b.y - a.y || a.x - b.x)) {
    const row = rows.at(-1);
    if (row && Math.abs(row[0]!.y - piece.y) <= 2) row.push(piece);
    else rows.push([piece]);
  }
  return rows.map((row) => {
    row.sort((a, b) => a.x - b.x);
    let line = '';
    let end = -Infinity;
    for (const piece of row) {
      line += line && piece.x > end + 0.5 ? ` ${piece.text}` : piece.text;
      end = piece.x + piece.width;
    }
    return line;
  });
}
