/**
 * A minimal, valid PDF 1.4 writer for the generated product downloads (manuals, specification
 * sheets; demo-data.md). One or more A4/Letter pages of Helvetica text; byte offsets in the
 * cross-reference table are exact so every reader opens the file.
 */
const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 56;
const LINES_PER_PAGE = 44;

export type PdfLine = { text: string; size?: number; bold?: boolean };

/** PDF string literal: backslash, parentheses escaped; characters outside Latin-1 replaced. */
function pdfString(text: string): string {
  const latin = text.replace(/[^\x20-\x7e\xa0-\xff]/g, (c) => (c === '\u00b7' ? '-' : c === '\u2013' || c === '\u2014' ? '-' : '?'));
  return `(${latin.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** Splits a long line so it fits the page width (Helvetica averages about half an em per char). */
function wrap(line: PdfLine): PdfLine[] {
  const size = line.size ?? 11;
  const max = Math.floor((PAGE_WIDTH - 2 * MARGIN) / (size * 0.5));
  if (line.text.length <= max) return [line];
  const out: PdfLine[] = [];
  let current = '';
  for (const word of line.text.split(' ')) {
    if (current && `${current} ${word}`.length > max) {
      out.push({ ...line, text: current });
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) out.push({ ...line, text: current });
  return out;
}

function pageContent(lines: PdfLine[]): string {
  let y = PAGE_HEIGHT - MARGIN;
  const ops: string[] = [];
  for (const line of lines) {
    const size = line.size ?? 11;
    y -= size * 1.5;
    ops.push(`BT /${line.bold ? 'F2' : 'F1'} ${size} Tf ${MARGIN} ${y.toFixed(1)} Td ${pdfString(line.text)} Tj ET`);
  }
  return ops.join('\n');
}

export function buildPdf(title: string, lines: PdfLine[]): Buffer {
  const wrapped = lines.flatMap(wrap);
  const pages: PdfLine[][] = [];
  for (let i = 0; i < Math.max(1, wrapped.length); i += LINES_PER_PAGE) pages.push(wrapped.slice(i, i + LINES_PER_PAGE));

  // Objects: 1 catalog, 2 pages, 3 F1, 4 F2, 5 info, then per page: page object and its content.
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 6 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] = `<< /Title ${pdfString(title)} /Producer (Dealer Portal) >>`;
  pages.forEach((page, i) => {
    const content = Buffer.from(pageContent(page), 'latin1');
    objects[pageIds[i]!] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`;
    objects[pageIds[i]! + 1] = `<< /Length ${content.length} >>\nstream\n${content.toString('latin1')}\nendstream`;
  });

  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0]!.length;
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    const body = Buffer.from(`${id} 0 obj\n${objects[id]}\nendobj\n`, 'latin1');
    offsets[id] = offset;
    chunks.push(body);
    offset += body.length;
  }
  const xref = [
    'xref',
    `0 ${objects.length}`,
    '0000000000 65535 f ',
    ...offsets.slice(1).map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n');
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}
