/**
 * The fixed list of brands with a logo (spec 2 "Product details", spec 9 "Brand logos exist for a
 * fixed brand list"). The server draws `/api/media/brands/{slug}.svg` for these; the product page
 * shows a logo only for them. The seed's brand list (apps/server/src/seed/brands.ts) must match,
 * which the media tests check.
 */
export const BRAND_LOGOS = [
  { name: 'Apex Lifting', slug: 'apex-lifting', color: '#c0392b' },
  { name: 'IronPeak', slug: 'ironpeak', color: '#2c3e50' },
  { name: 'TorqueLine', slug: 'torqueline', color: '#d35400' },
  { name: 'RimMaster', slug: 'rimmaster', color: '#16a085' },
  { name: 'BalancePro', slug: 'balancepro', color: '#2471a3' },
  { name: 'TrueTrack Alignment', slug: 'truetrack-alignment', color: '#7d3c98' },
  { name: 'AirForge', slug: 'airforge', color: '#1e8449' },
  { name: 'ProBay Tools', slug: 'probay-tools', color: '#b7950b' },
] as const;

export type BrandLogo = (typeof BRAND_LOGOS)[number];

export function brandLogoOf(brand: string): BrandLogo | undefined {
  const key = brand.trim().toLowerCase();
  return BRAND_LOGOS.find((b) => b.name.toLowerCase() === key);
}

/** The logo URL of a known brand, undefined for any other brand. */
export function brandLogoUrl(brand: string): string | undefined {
  const logo = brandLogoOf(brand);
  return logo ? `/api/media/brands/${logo.slug}.svg` : undefined;
}

/** The default thumbnail (spec 9 "Default thumbnail is a placeholder image"). */
export const PLACEHOLDER_IMAGE_URL = '/api/media/placeholder.svg';
