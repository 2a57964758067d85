/**
 * The product downloads (installation manuals, specification sheets, warranties...): PDF files
 * generated from the product's own data, so each download says something true about the product.
 * pdfkit lays them out (pdf/pdf-document.ts): it wraps long lines and starts new pages itself.
 */
import { pdfDocument } from '../../pdf/pdf-document.js';
import type { MediaProduct } from './repository.js';

const MARGIN = 56;

type Section = { title: string; lines: string[] };

function sectionsOf(product: MediaProduct, downloadName: string): Section[] {
  const specs = { title: 'Specifications', lines: Object.entries(product.specifications).map(([name, value]) => `${name}: ${value}`) };
  const name = downloadName.toLowerCase();
  if (name.includes('specification')) return [specs];
  if (name.includes('warrant'))
    return [{ title: 'Warranty', lines: [product.specifications.Warranty ?? 'See your dealer for warranty terms.'] }];
  if (name.includes('parts') || name.includes('compatib')) {
    return [{ title: 'Parts and contents', lines: product.inTheBox.map((item, i) => `${i + 1}. ${item}`) }, specs];
  }
  return [
    { title: 'Overview', lines: product.longDescription.split(/\n+/) },
    { title: 'Features', lines: product.features.map((f) => `- ${f}`) },
    { title: 'In the box', lines: product.inTheBox.map((item) => `- ${item}`) },
    specs,
  ];
}

export async function productDocumentPdf(product: MediaProduct, downloadName: string): Promise<Buffer> {
  const { doc, bytes } = await pdfDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: { Title: `${product.label} - ${downloadName}`, Producer: 'Dealer Portal' },
  });
  doc.font('bold').fontSize(20).text(downloadName);
  doc.fontSize(13).text(product.label);
  doc.font('regular').fontSize(11).text(`${product.brand}   Model ${product.model}   SKU ${product.sku}`);
  for (const section of sectionsOf(product, downloadName)) {
    if (section.lines.length === 0) continue;
    doc.moveDown();
    doc.font('bold').fontSize(14).text(section.title);
    doc.font('regular').fontSize(11);
    for (const line of section.lines) doc.text(line);
  }
  doc.end();
  return bytes;
}
