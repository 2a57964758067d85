/**
 * Every PDF the server generates (the order document, the product downloads) is a pdfkit document
 * with the DejaVu TrueType fonts, subset and embedded with a ToUnicode map: any Unicode name or
 * address prints as written, and the text can be read back (test-support/pdf-text.ts). The fonts are
 * resolved from node_modules at run time, which also works from the bundled server (dependencies
 * stay external, tools/build.mjs).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type PDFKitDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const FONT_PATHS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};
/** The font files, read once (about 1 MB together) rather than per document. */
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const loadFonts = () => (fonts ??= { regular: readFileSync(FONT_PATHS.regular), bold: readFileSync(FONT_PATHS.bold) });

export type PdfDocument = {
  /** pdfkit's document, with the fonts 'regular' and 'bold' registered. */
  doc: PDFKit.PDFDocument;
  /** The file's bytes, once `doc.end()` has been called. */
  bytes: Promise<Buffer>;
};

/**
 * pdfkit, loaded when the first PDF is made: with its font and Unicode tables it adds ~25 MB to a
 * process, and most processes serve no PDF for a long time (decision 025).
 */
let pdfkit: Promise<typeof PDFKitDocument> | undefined;

/** A new pdfkit document with the portal's fonts, and its bytes once ended. */
export async function pdfDocument(options: PDFKit.PDFDocumentOptions): Promise<PdfDocument> {
  const PDFDocument = await (pdfkit ??= import('pdfkit').then((module) => module.default));
  const doc = new PDFDocument(options);
  const { regular, bold } = loadFonts();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  doc.font('regular');
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}
