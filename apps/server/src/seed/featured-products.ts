/**
 * How each featured SKU (featured.ts) is built: its kind and brand, and the properties its case
 * needs, forced on top of an otherwise normally generated product.
 */
import type { CatalogId } from './organizations.js';
import { FEATURED_SKUS } from './featured.js';
import type { ProductKind } from './product-kinds.js';

export type ShippingFlags = {
  requiresFlatbed: boolean;
  requiresForkLift: boolean;
  requiresLiftGate: boolean;
  requiresResidential: boolean;
  requiresGeoWarehouse: boolean;
  isSmallParcel: boolean;
};

export type FeaturedProduct = {
  sku: string;
  catalogs: CatalogId[];
  brandCode: string;
  kind: ProductKind;
  size: number;
  variant: string;
  flags: ShippingFlags;
  images: number;
  downloads: number;
  stock: 'in' | 'none';
  receipts: boolean;
  priceEqualsMsrp?: boolean;
  /** Organization 2 gets its own price for it. */
  valleyOverride?: boolean;
};

const none: ShippingFlags = {
  requiresFlatbed: false,
  requiresForkLift: false,
  requiresLiftGate: false,
  requiresResidential: false,
  requiresGeoWarehouse: false,
  isSmallParcel: false,
};
const flatbed = { ...none, requiresFlatbed: true };
const forkLift = { ...none, requiresForkLift: true };
const liftGate = { ...none, requiresLiftGate: true };
const residential = { ...none, requiresResidential: true };
const parcel = { ...none, isSmallParcel: true };

type Recipe = Omit<FeaturedProduct, 'sku' | 'catalogs'>;

const normal = { images: 2, downloads: 1, stock: 'in', receipts: false } as const;

/** One recipe per case; the same for both catalogs (sizes differ a little in the SKU only). */
const RECIPES: Record<keyof (typeof FEATURED_SKUS)['lifts'], Recipe> = {
  requiresFlatbed: { ...normal, brandCode: 'IRP', kind: 'four-post-lift', size: 14000, variant: 'Alignment', flags: flatbed },
  forkLiftNoFlatbed: { ...normal, brandCode: 'APX', kind: 'two-post-lift', size: 10000, variant: 'Asymmetric', flags: forkLift },
  liftGateOnly: { ...normal, brandCode: 'RMS', kind: 'tire-changer', size: 24, variant: 'Leverless', flags: liftGate },
  residential: { ...normal, brandCode: 'APX', kind: 'scissor-lift', size: 6000, variant: 'Portable', flags: residential },
  smallParcel: { ...normal, brandCode: 'PBY', kind: 'accessory', size: 4, variant: 'Lift Pad Set', flags: parcel },
  msrpDiffersFromPrice: { ...normal, brandCode: 'BPR', kind: 'wheel-balancer', size: 28, variant: '3D Laser', flags: liftGate },
  msrpEqualsPrice: {
    ...normal,
    brandCode: 'AFG',
    kind: 'accessory',
    size: 1,
    variant: 'Retractable Air Hose Reel',
    flags: parcel,
    priceEqualsMsrp: true,
  },
  severalImages: { ...normal, images: 4, brandCode: 'TTA', kind: 'alignment', size: 4, variant: '3D Imaging', flags: liftGate },
  downloads: { ...normal, downloads: 4, brandCode: 'AFG', kind: 'compressor', size: 80, variant: 'Two-Stage Vertical', flags: forkLift },
  scheduledAvailability: {
    ...normal,
    receipts: true,
    brandCode: 'TQL',
    kind: 'two-post-lift',
    size: 12000,
    variant: 'Clearfloor',
    flags: forkLift,
  },
  outOfStock: {
    ...normal,
    stock: 'none',
    brandCode: 'IRP',
    kind: 'four-post-lift',
    size: 30000,
    variant: 'Extended-Length',
    flags: flatbed,
  },
  outOfStockWithReceipt: {
    ...normal,
    stock: 'none',
    receipts: true,
    brandCode: 'TQL',
    kind: 'scissor-lift',
    size: 8000,
    variant: 'Mid-Rise',
    flags: liftGate,
  },
  noImages: { ...normal, images: 0, brandCode: 'PBY', kind: 'accessory', size: 2, variant: 'Tall Jack Stands (pair)', flags: parcel },
  customerPrice: {
    ...normal,
    valleyOverride: true,
    brandCode: 'APX',
    kind: 'two-post-lift',
    size: 12000,
    variant: 'Symmetric',
    flags: forkLift,
  },
  inBothCatalogs: { ...normal, images: 3, brandCode: 'APX', kind: 'two-post-lift', size: 9000, variant: 'Symmetric', flags: forkLift },
};

export function featuredProducts(): FeaturedProduct[] {
  const out: FeaturedProduct[] = [];
  const seen = new Set<string>();
  for (const catalog of ['lifts', 'show'] as const) {
    for (const [key, sku] of Object.entries(FEATURED_SKUS[catalog])) {
      if (seen.has(sku)) continue;
      seen.add(sku);
      const recipe = RECIPES[key as keyof typeof RECIPES];
      const catalogs: CatalogId[] = key === 'inBothCatalogs' ? ['lifts', 'show'] : [catalog];
      out.push({ ...recipe, sku, catalogs });
    }
  }
  return out;
}
