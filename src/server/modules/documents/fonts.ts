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

let loading: Promise<Record<FontWeight, Buffer>> | undefined;

/**
 * The fonts of one document: the files are read once per process, but each document parses its
 * own. A parsed font keeps what its layouts met (fontkit's glyph objects, created with the
 * characters of the first text that reached them); while one font served every document, an
 * invoice's text layer once read "$11300" for "$11.00" after many other documents. Isolation
 * costs the first layout's reading of the shaping tables, tens of milliseconds per weight
 * (docs/performance.md).
 */
export async function documentFonts(): Promise<DocumentFonts> {
  loading ??= readFonts().catch((error: unknown) => {
    // A failed read is tried again by the next document rather than kept.
    loading = undefined;
    throw error;
  });
  const files = await loading;
  // The fontkit that PDFKit itself depends on, so the parsed font is the kind PDFKit expects.
  const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as Fontkit;
  return { regular: fontkit.create(files.regular), bold: fontkit.create(files.bold) };
}

async function readFonts(): Promise<Record<FontWeight, Buffer>> {
  const [regular, bold] = await Promise.all([
    readFile(require.resolve(FILES.regular)),
    readFile(require.resolve(FILES.bold)),
  ]);
  return { regular, bold };
}
