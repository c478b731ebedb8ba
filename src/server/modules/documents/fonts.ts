import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * The fonts every PDF draws with: Noto Sans from an npm package, one TrueType file per weight
 * covering Latin with its extensions (the ʻokina, the kahakō vowels), Greek, Cyrillic and
 * Vietnamese. PDFKit's built-in Helvetica knows only Windows-1252, so it never draws text here.
 */
const FILES = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
} as const;

export type FontWeight = keyof typeof FILES;

/** What is asked of a parsed font here; PDFKit draws with the same object. */
export interface ParsedFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
}

export type DocumentFonts = Record<FontWeight, ParsedFont>;

interface Fontkit {
  create(buffer: Uint8Array): ParsedFont;
}

const require = createRequire(import.meta.url);

let loading: Promise<DocumentFonts> | undefined;

/**
 * The parsed fonts, read once per process on the first document. Parsing is what costs: a font
 * file handed to PDFKit as bytes is parsed again by every document, and its first layout reads
 * the shaping tables, about 100 ms for each weight; a parsed font is shared by every document.
 */
export function documentFonts(): Promise<DocumentFonts> {
  loading ??= openFonts().catch((error: unknown) => {
    // A failed read is tried again by the next document rather than kept.
    loading = undefined;
    throw error;
  });
  return loading;
}

async function openFonts(): Promise<DocumentFonts> {
  // The fontkit that PDFKit itself depends on, so the parsed font is the kind PDFKit expects.
  const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as Fontkit;
  const [regular, bold] = await Promise.all([
    readFile(require.resolve(FILES.regular)),
    readFile(require.resolve(FILES.bold)),
  ]);
  return { regular: fontkit.create(regular), bold: fontkit.create(bold) };
}
