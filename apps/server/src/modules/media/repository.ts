import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { products } from '../catalog/schema.js';

/** What the generated media of a product need; media are public, so nothing priced or stocked. */
export async function mediaProduct(db: Database, sku: string) {
  const [row] = await db
    .select({
      sku: products.sku,
      brand: products.brand,
      model: products.model,
      kind: products.kind,
      label: products.label,
      longDescription: products.longDescription,
      features: products.features,
      specifications: products.specifications,
      inTheBox: products.inTheBox,
      images: products.images,
      downloads: products.downloads,
    })
    .from(products)
    .where(eq(products.sku, sku))
    .limit(1);
  return row;
}

export type MediaProduct = NonNullable<Awaited<ReturnType<typeof mediaProduct>>>;
