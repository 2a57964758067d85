/**
 * The two data sets of performance.md. Both run through the same generators; only these counts differ,
 * and the demo set's organizations, users, featured products and scripted orders are part of M too.
 */
import { featuredProducts } from './featured-products.js';

export type SeedSize = 'demo' | 'M';

export type SizeProfile = {
  size: SeedSize;
  /** Generated products only in `lifts` (the featured products come on top). */
  liftsProducts: number;
  /** Generated products only in `show`. */
  showProducts: number;
  /** Generated `lifts` products also listed in `show` (every `sharedEvery`-th, up to this many). */
  sharedProducts: number;
  sharedEvery: number;
  /** Organizations beyond the three demo ones, with their branches, to reach `branches` in total. */
  branches: number;
  /** Orders per branch over the two years, scripted ones included. */
  ordersPerBranch: number;
  /** Users in total, the 7 demo users included. */
  users: number;
  /** Orders generated and inserted per batch, so memory stays flat however large the set. */
  orderBatch: number;
  productBatch: number;
};

const FEATURED_PRODUCT_COUNT = featuredProducts().length;

export const SIZE_PROFILES: Record<SeedSize, SizeProfile> = {
  demo: {
    size: 'demo',
    liftsProducts: 186,
    showProducts: 21,
    sharedProducts: 5,
    sharedEvery: 9,
    branches: 5,
    ordersPerBranch: 600,
    users: 7,
    orderBatch: 4000,
    productBatch: 2000,
  },
  M: {
    size: 'M',
    // 200,000 distinct SKUs in all: featured + lifts-only + show-only.
    liftsProducts: 200_000 - FEATURED_PRODUCT_COUNT - 972,
    showProducts: 972,
    sharedProducts: 1000,
    sharedEvery: 97,
    branches: 20,
    ordersPerBranch: 50_000,
    users: 20_000,
    orderBatch: 5000,
    productBatch: 5000,
  },
};

/** A scaled-down M (same shape, fewer rows), used to time and test the M code path quickly. */
export function scaledProfile(base: SizeProfile, factor: number): SizeProfile {
  return {
    ...base,
    liftsProducts: Math.max(50, Math.round(base.liftsProducts * factor)),
    showProducts: Math.max(10, Math.round(base.showProducts * factor)),
    sharedProducts: Math.max(2, Math.round(base.sharedProducts * factor)),
    ordersPerBranch: Math.max(60, Math.round(base.ordersPerBranch * factor)),
    users: Math.max(7, Math.round(base.users * factor)),
  };
}
