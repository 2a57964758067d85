/**
 * The media files the app generates itself (demo-data.md: nothing is loaded from the internet):
 * product images and downloads from the product's data, brand logos and the placeholder. Answers
 * the bytes with their type and how long they may be cached; routes.ts sends them.
 */
import { BRAND_LOGOS } from '@portal/domain/rules';
import type { Database } from '../../db/client.js';
import { productDocumentPdf } from './documents.js';
import { mediaProduct } from './repository.js';
import { brandLogoSvg, placeholderSvg, productImageSvg } from './svg.js';

/** Product media follow product data: a day fresh, then revalidated by ETag for a week. */
const PRODUCT_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';
/** Logos and the placeholder never change for a given URL. */
const STATIC_CACHE = 'public, max-age=31536000, immutable';
const SVG = 'image/svg+xml; charset=utf-8';

const IMAGE_FILE = /^image-(\d{1,3})\.svg$/;
const PDF_FILE = /^([a-z0-9-]{1,80})\.pdf$/;

export type MediaFile = {
  body: string | Buffer;
  contentType: string;
  cacheControl: string;
  /** Set for a download: the name it is saved under. */
  fileName?: string;
};

function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * A product's image (`image-{n}.svg`, only those the product lists) or download (`{name}.pdf`, the
 * slug of one of its downloads); undefined when the product or the file does not exist.
 */
export async function productMediaFile(db: Database, sku: string, file: string): Promise<MediaFile | undefined> {
  const product = await mediaProduct(db, sku);
  if (!product) return undefined;
  const image = IMAGE_FILE.exec(file);
  if (image) {
    const index = Number(image[1]);
    // Only the images the product lists exist (a product without any shows the placeholder).
    if (!product.images.some((url) => url.endsWith(`/${file}`))) return undefined;
    const svg = productImageSvg({ ...product, index, count: product.images.length });
    return { body: svg, contentType: SVG, cacheControl: PRODUCT_CACHE };
  }
  const pdf = PDF_FILE.exec(file);
  const downloadName = pdf && Object.keys(product.downloads).find((name) => slugOf(name) === pdf[1]);
  if (!downloadName) return undefined;
  return {
    body: await productDocumentPdf(product, downloadName),
    contentType: 'application/pdf',
    cacheControl: PRODUCT_CACHE,
    fileName: `${product.sku}-${pdf![1]}.pdf`,
  };
}

/** The logo of a known brand (`{slug}.svg`); undefined for any other name. */
export function brandLogoFile(file: string): MediaFile | undefined {
  const logo = BRAND_LOGOS.find((b) => `${b.slug}.svg` === file);
  return logo && { body: brandLogoSvg(logo), contentType: SVG, cacheControl: STATIC_CACHE };
}

/** The default thumbnail of a product without images. */
export function placeholderFile(): MediaFile {
  return { body: placeholderSvg(), contentType: SVG, cacheControl: STATIC_CACHE };
}
