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

let loading: Promise<Record<FontWeight, ParsedFont>> | undefined;

/**
 * The fonts of one document. The files are read and parsed once per process (the shaping
 * tables cost tens of milliseconds per weight to read); each document draws with a view of them
 * that has glyph objects of its own. fontkit keeps each glyph with the characters of the text
 * that first reached it, and PDFKit writes those characters into the document's text layer: a
 * glyph made by another document must never be one this document reuses. The view inherits
 * the parsed tables and starts with no glyphs (docs/performance.md).
 */
export async function documentFonts(): Promise<DocumentFonts> {
  loading ??= parseFonts().catch((error: unknown) => {
    // A failed read is tried again by the next document rather than kept.
    loading = undefined;
    throw error;
  });
  const parsed = await loading;
  return { regular: freshGlyphs(parsed.regular), bold: freshGlyphs(parsed.bold) };
}

/**
 * A view of a parsed font with a glyph cache of its own: fontkit looks glyphs up in
 * `this._glyphs`, and everything else it reads (tables, already parsed) comes from the shared
 * font below. Whatever it computes lazily on the view stays on the view.
 */
function freshGlyphs(font: ParsedFont): ParsedFont {
  return Object.assign(Object.create(font) as ParsedFont, { _glyphs: {} });
}

async function parseFonts(): Promise<Record<FontWeight, ParsedFont>> {
  const files = await readFonts();
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
