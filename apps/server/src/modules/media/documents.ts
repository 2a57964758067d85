/**
 * The product downloads (installation manuals, specification sheets, warranties...): PDF files
 * generated from the product's own data, so each download says something true about the product.
 */
import { buildPdf, type PdfLine } from './pdf.js';
import type { MediaProduct } from './repository.js';

function section(title: string, lines: string[]): PdfLine[] {
  return lines.length === 0 ? [] : [{ text: '' }, { text: title, size: 14, bold: true }, ...lines.map((text) => ({ text }))];
}

export function productDocumentPdf(product: MediaProduct, downloadName: string): Buffer {
  const specs = Object.entries(product.specifications).map(([name, value]) => `${name}: ${value}`);
  const name = downloadName.toLowerCase();
  const body: PdfLine[] = name.includes('specification')
    ? section('Specifications', specs)
    : name.includes('warrant')
      ? section('Warranty', [product.specifications.Warranty ?? 'See your dealer for warranty terms.'])
      : name.includes('parts') || name.includes('compatib')
        ? [
            ...section(
              'Parts and contents',
              product.inTheBox.map((item, i) => `${i + 1}. ${item}`),
            ),
            ...section('Specifications', specs),
          ]
        : [
            ...section('Overview', product.longDescription.split(/\n+/)),
            ...section(
              'Features',
              product.features.map((f) => `- ${f}`),
            ),
            ...section(
              'In the box',
              product.inTheBox.map((item) => `- ${item}`),
            ),
            ...section('Specifications', specs),
          ];
  return buildPdf(`${product.label} - ${downloadName}`, [
    { text: downloadName, size: 20, bold: true },
    { text: product.label, size: 13, bold: true },
    { text: `${product.brand}   Model ${product.model}   SKU ${product.sku}` },
    ...body,
  ]);
}
