/**
 * Products, their catalogs, prices, stock and scheduled receipts.
 * Each product draws from its own random stream (keyed by its position), so the demo set's products
 * are the first products of the M set (only which of them are also listed in `show` differs), and
 * adding products never changes existing ones.
 */
import type { products } from '../modules/catalog/index.js';
import { BRANDS, brandByCode, type Brand } from './brands.js';
import { featuredProducts, type FeaturedProduct, type ShippingFlags } from './featured-products.js';
import { LIFTS_PRICE_LIST, SHOW_PRICE_LIST, VALLEY_PRICE_LIST, type CatalogId } from './organizations.js';
import { slugOf } from './people.js';
import { KIND_CATEGORIES, KIND_PROFILES, type ProductKind } from './product-kinds.js';
import { rngFor, type Rng } from './prng.js';
import type { SizeProfile } from './sizes.js';
import { LIFTS_WAREHOUSES, REGIONAL_WAREHOUSES, CENTRAL_WAREHOUSE, SHOW_WAREHOUSE } from './warehouses.js';

export type ProductRow = typeof products.$inferInsert;

export type ProductPlan = {
  row: ProductRow & { sku: string; label: string; msrpCents: number };
  catalogs: CatalogId[];
  prices: { priceListId: number; priceCents: number }[];
  stock: { warehouseCode: string; quantity: number }[];
  /** Receipts `inDays` days after the seeding day. */
  receipts: { warehouseCode: string; quantity: number; inDays: number }[];
};

/** What the order generator needs to know about a product, kept small for 200,000 of them. */
export type SellableProduct = {
  sku: string;
  label: string;
  kind: ProductKind;
  liftsCents: number;
  showCents: number;
  valleyCents: number;
  flags: ShippingFlags;
};

const KIND_MIX: readonly (readonly [ProductKind, number])[] = [
  ['accessory', 30],
  ['two-post-lift', 15],
  ['four-post-lift', 12],
  ['scissor-lift', 9],
  ['tire-changer', 10],
  ['wheel-balancer', 9],
  ['alignment', 6],
  ['compressor', 9],
];

const BRANDS_BY_KIND = new Map<ProductKind, Brand[]>(
  Object.keys(KIND_PROFILES).map((kind) => [kind as ProductKind, BRANDS.filter((b) => (b.kinds as readonly string[]).includes(kind))]),
);

const DOWNLOADS: Record<'lift' | 'equipment' | 'accessory', readonly string[]> = {
  lift: ['Installation Manual', 'Operation Manual', 'Anchor Bolt Guide', 'Parts Breakdown', 'Specification Sheet', 'Warranty'],
  equipment: ['Installation Manual', 'Operation Manual', 'Parts Breakdown', 'Specification Sheet', 'Warranty', 'Quick Start Guide'],
  accessory: ['Instruction Sheet', 'Compatibility Chart', 'Specification Sheet'],
};

type Identity = { sku: string; kind: ProductKind; brand: Brand; size: number; variant: string };

function roundMsrp(dollars: number): number {
  // Big-ticket items end in 9 dollars ($4,299.00); small ones in 99 cents ($49.99).
  if (dollars >= 300) return (Math.round(dollars / 10) * 10 - 1) * 100;
  return Math.max(1, Math.round(dollars)) * 100 - 1;
}

function describe(rng: Rng, id: Identity) {
  const profile = KIND_PROFILES[id.kind];
  const sizeText = profile.sizeLabel(id.size);
  const use = rng.pick(profile.uses);
  const features = rng.sample(profile.features, rng.int(4, Math.min(7, profile.features.length)));
  const isAccessory = id.kind === 'accessory';
  const noun = isAccessory ? id.variant : `${id.variant} ${profile.noun}`;
  const model = `${id.brand.code.slice(0, 2)}-${isAccessory ? rng.int(100, 999) : Math.round(id.size >= 1000 ? id.size / 1000 : id.size)}${rng.pick(['', 'A', 'X', 'S', 'P', 'HD', 'E'])}`;
  const label = isAccessory ? `${id.brand.name} ${noun} (${sizeText})` : `${id.brand.name} ${model} ${sizeText} ${noun}`;
  const short = isAccessory ? `${noun} for ${use}, ${sizeText}.` : `${sizeText} ${noun.toLowerCase()} built for ${use}.`;
  const medium = `${short[0]!.toUpperCase()}${short.slice(1)} ${features[0]}; ${features[1]!.charAt(0).toLowerCase()}${features[1]!.slice(1)}.`;
  const long = [
    isAccessory
      ? `The ${id.brand.name} ${model} ${noun.toLowerCase()} (${sizeText}) is made for ${use} and ${rng.pick(profile.uses.filter((u) => u !== use))}.`
      : `The ${id.brand.name} ${model} is a ${sizeText} ${noun.toLowerCase()} designed for ${use} and ${rng.pick(profile.uses.filter((u) => u !== use))}.`,
    `${features.slice(0, 3).join('. ')}.`,
    `Every unit is inspected before it leaves the factory and ships with ${rng.pick(['everything needed to install it', 'a complete hardware kit', 'printed and digital manuals'])}. ${rng.pick(
      [
        'Dealer installation and certification are available in most areas.',
        'Replacement parts are stocked in every regional warehouse.',
        'Financing is available through participating dealers.',
        'Backed by a nationwide service network.',
      ],
    )}`,
  ].join('\n\n');
  return { model, label, short, medium, long, features };
}

function drawFlags(rng: Rng, kind: ProductKind): ShippingFlags {
  const p = KIND_PROFILES[kind].shipping;
  const isSmallParcel = rng.chance(p.smallParcel);
  if (isSmallParcel)
    return {
      requiresFlatbed: false,
      requiresForkLift: false,
      requiresLiftGate: false,
      requiresResidential: false,
      requiresGeoWarehouse: false,
      isSmallParcel,
    };
  const requiresFlatbed = rng.chance(p.flatbed);
  // A forklift or flatbed delivery makes a lift gate moot, so the flags stay consistent.
  const requiresForkLift = !requiresFlatbed && rng.chance(p.forkLift / (1 - p.flatbed || 1));
  const requiresLiftGate = !requiresFlatbed && !requiresForkLift && rng.chance(p.liftGate / Math.max(0.01, 1 - p.flatbed - p.forkLift));
  return {
    requiresFlatbed,
    requiresForkLift,
    requiresLiftGate,
    requiresResidential: rng.chance(p.residential),
    requiresGeoWarehouse: rng.chance(p.geoWarehouse),
    isSmallParcel,
  };
}

function buildPlan(rng: Rng, id: Identity, catalogs: CatalogId[], featured?: FeaturedProduct): ProductPlan {
  const profile = KIND_PROFILES[id.kind];
  const text = describe(rng, id);
  const sizeRank = profile.sizes.indexOf(id.size) / Math.max(1, profile.sizes.length - 1);
  const [lo, hi] = profile.msrpDollars;
  const msrpCents = roundMsrp(lo + (hi - lo) * Math.min(1, Math.max(0, 0.7 * sizeRank + 0.3 * rng.next())));
  const [[l0, l1], [w0, w1], [h0, h1]] = profile.crate;
  const weight = Math.round(profile.weightLb[0] + (profile.weightLb[1] - profile.weightLb[0]) * (0.6 * sizeRank + 0.4 * rng.next()));

  const imageCount = featured
    ? featured.images
    : rng.weighted([
        [0, 8],
        [1, 35],
        [2, 30],
        [3, 17],
        [4, 10],
      ]);
  const images = Array.from({ length: imageCount }, (_, i) => `/api/media/products/${id.sku}/image-${i + 1}.svg`);
  const downloadNames = DOWNLOADS[id.kind === 'accessory' ? 'accessory' : id.kind.endsWith('-lift') ? 'lift' : 'equipment'];
  const downloadCount = featured ? featured.downloads : rng.chance(0.45) ? rng.int(1, 3) : 0;
  const downloads = Object.fromEntries(
    downloadNames.slice(0, downloadCount).map((name) => [name, `/api/media/products/${id.sku}/${slugOf(name)}.pdf`]),
  );

  const flags = featured ? featured.flags : drawFlags(rng, id.kind);

  // Dealer net is usually 60-80% of MSRP; some products sell at list. Show specials go lower.
  const priceEqualsMsrp = featured ? featured.priceEqualsMsrp === true : rng.chance(0.08);
  const liftsCents = priceEqualsMsrp ? msrpCents : Math.round(msrpCents * (0.6 + 0.2 * rng.next()));
  const showCents = priceEqualsMsrp ? msrpCents : Math.round(msrpCents * (0.52 + 0.18 * rng.next()));
  const prices: ProductPlan['prices'] = [];
  if (catalogs.includes('lifts')) prices.push({ priceListId: LIFTS_PRICE_LIST, priceCents: liftsCents });
  if (catalogs.includes('show')) prices.push({ priceListId: SHOW_PRICE_LIST, priceCents: showCents });
  const valleyOverride = featured ? featured.valleyOverride === true : catalogs.includes('lifts') && !priceEqualsMsrp && rng.chance(0.12);
  if (valleyOverride) prices.push({ priceListId: VALLEY_PRICE_LIST, priceCents: Math.round(liftsCents * (0.9 + 0.06 * rng.next())) });

  const bulky = id.kind !== 'accessory';
  const qty = (max: number) => rng.int(1, bulky ? max : max * 5);
  const stock: ProductPlan['stock'] = [];
  const receipts: ProductPlan['receipts'] = [];
  const outOfStock = featured ? featured.stock === 'none' : rng.chance(0.04);
  if (!outOfStock) {
    if (catalogs.includes('lifts')) {
      if (rng.chance(0.7)) stock.push({ warehouseCode: CENTRAL_WAREHOUSE, quantity: qty(30) });
      for (const w of REGIONAL_WAREHOUSES) if (rng.chance(0.55)) stock.push({ warehouseCode: w.code, quantity: qty(18) });
      if (stock.length === 0) stock.push({ warehouseCode: CENTRAL_WAREHOUSE, quantity: qty(10) });
    }
    if (catalogs.includes('show') && (featured || catalogs.length > 1 || rng.chance(0.9))) {
      stock.push({ warehouseCode: SHOW_WAREHOUSE, quantity: qty(12) });
    }
  }
  const wantsReceipts = featured ? featured.receipts : rng.chance(outOfStock ? 0.6 : 0.15);
  if (wantsReceipts) {
    const where = catalogs.includes('lifts') ? LIFTS_WAREHOUSES : [SHOW_WAREHOUSE];
    const count = featured ? 2 : rng.int(1, 2);
    for (let i = 0; i < count; i++)
      receipts.push({ warehouseCode: rng.pick(where), quantity: rng.int(2, bulky ? 24 : 120), inDays: rng.int(3 + i * 20, 20 + i * 40) });
  }

  const specifications = profile.specifications(id.size, id.variant, rng.pick);
  return {
    row: {
      sku: id.sku,
      brand: id.brand.name,
      model: text.model,
      kind: id.kind,
      category: KIND_CATEGORIES[id.kind],
      label: text.label,
      shortDescription: text.short,
      mediumDescription: text.medium,
      longDescription: text.long,
      features: text.features,
      specifications,
      // Issue 37: serialized units (everything but accessories) carry their warranty in months.
      warrantyMonths: id.kind === 'accessory' ? null : warrantyMonthsOf(specifications.Warranty),
      inTheBox:
        id.kind === 'accessory'
          ? [...profile.inTheBox]
          : rng.sample(profile.inTheBox, rng.int(Math.min(4, profile.inTheBox.length), profile.inTheBox.length)),
      images,
      downloads,
      msrpCents,
      weight,
      length: rng.int(l0, l1),
      width: rng.int(w0, w1),
      height: rng.int(h0, h1),
      ...flags,
    },
    catalogs,
    prices,
    stock,
    receipts,
  };
}

/** '2 years parts, 1 year labor' -> 24: the first term of the warranty text, in months (12 when it names none). */
export function warrantyMonthsOf(text: string | undefined): number {
  const match = /(\d+)\s*(year|month|day)/.exec(text ?? '');
  if (!match) return 12;
  const n = Number(match[1]);
  return match[2] === 'year' ? n * 12 : match[2] === 'month' ? n : Math.max(1, Math.round(n / 30));
}

function generatedIdentity(rng: Rng, skuOf: (brand: Brand, kind: ProductKind) => string): Identity {
  const kind = rng.weighted(KIND_MIX);
  const brand = rng.pick(BRANDS_BY_KIND.get(kind)!);
  const profile = KIND_PROFILES[kind];
  return { sku: skuOf(brand, kind), kind, brand, size: rng.pick(profile.sizes), variant: rng.pick(profile.variants) };
}

/**
 * Every product of the set, one at a time: featured first, then lifts-only (some also listed in show),
 * then show-only. SKUs: `APX2P-000042` (lifts), `APX2P-S00042` (show); featured SKUs never have six digits.
 */
export function* productPlans(profile: SizeProfile): Generator<ProductPlan> {
  for (const f of featuredProducts()) {
    const rng = rngFor(`featured:${f.sku}`);
    yield buildPlan(rng, { sku: f.sku, kind: f.kind, brand: brandByCode(f.brandCode), size: f.size, variant: f.variant }, f.catalogs, f);
  }
  let shared = 0;
  for (let i = 0; i < profile.liftsProducts; i++) {
    const rng = rngFor('lifts-product', i);
    const id = generatedIdentity(rng, (b, k) => `${b.code}${KIND_PROFILES[k].code}-${String(i + 1).padStart(6, '0')}`);
    const inShow = shared < profile.sharedProducts && i % profile.sharedEvery === profile.sharedEvery - 1;
    if (inShow) shared++;
    yield buildPlan(rng, id, inShow ? ['lifts', 'show'] : ['lifts']);
  }
  for (let i = 0; i < profile.showProducts; i++) {
    const rng = rngFor('show-product', i);
    const id = generatedIdentity(rng, (b, k) => `${b.code}${KIND_PROFILES[k].code}-S${String(i + 1).padStart(5, '0')}`);
    yield buildPlan(rng, id, ['show']);
  }
}

export function sellableOf(plan: ProductPlan): SellableProduct {
  const price = (list: number) => plan.prices.find((p) => p.priceListId === list)?.priceCents ?? 0;
  const r = plan.row;
  return {
    sku: r.sku,
    label: r.label,
    kind: r.kind as ProductKind,
    liftsCents: price(LIFTS_PRICE_LIST),
    showCents: price(SHOW_PRICE_LIST),
    valleyCents: price(VALLEY_PRICE_LIST) || price(LIFTS_PRICE_LIST),
    flags: {
      requiresFlatbed: r.requiresFlatbed ?? false,
      requiresForkLift: r.requiresForkLift ?? false,
      requiresLiftGate: r.requiresLiftGate ?? false,
      requiresResidential: r.requiresResidential ?? false,
      requiresGeoWarehouse: r.requiresGeoWarehouse ?? false,
      isSmallParcel: r.isSmallParcel ?? false,
    },
  };
}
