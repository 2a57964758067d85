/**
 * The fixed list of fictional brands. The catalog module serves a logo per brand at
 * `/api/media/brands/{slug}.svg`, and the product page shows it for these brands only.
 */
import type { ProductKind } from './product-kinds.js';

export type Brand = {
  name: string;
  slug: string;
  /** Prefix of the brand's SKUs. */
  code: string;
  kinds: readonly ProductKind[];
};

export const BRANDS = [
  { name: 'Apex Lifting', slug: 'apex-lifting', code: 'APX', kinds: ['two-post-lift', 'four-post-lift', 'scissor-lift', 'accessory'] },
  { name: 'IronPeak', slug: 'ironpeak', code: 'IRP', kinds: ['four-post-lift', 'two-post-lift', 'accessory'] },
  { name: 'TorqueLine', slug: 'torqueline', code: 'TQL', kinds: ['two-post-lift', 'scissor-lift', 'compressor'] },
  { name: 'RimMaster', slug: 'rimmaster', code: 'RMS', kinds: ['tire-changer', 'wheel-balancer', 'accessory'] },
  { name: 'BalancePro', slug: 'balancepro', code: 'BPR', kinds: ['wheel-balancer', 'tire-changer'] },
  { name: 'TrueTrack Alignment', slug: 'truetrack-alignment', code: 'TTA', kinds: ['alignment', 'accessory'] },
  { name: 'AirForge', slug: 'airforge', code: 'AFG', kinds: ['compressor', 'accessory'] },
  { name: 'ProBay Tools', slug: 'probay-tools', code: 'PBY', kinds: ['accessory', 'scissor-lift', 'tire-changer'] },
] as const satisfies readonly Brand[];

export type BrandName = (typeof BRANDS)[number]['name'];

export function brandByCode(code: string): Brand {
  const brand = BRANDS.find((b) => b.code === code);
  if (!brand) throw new Error(`unknown brand code ${code}`);
  return brand;
}
