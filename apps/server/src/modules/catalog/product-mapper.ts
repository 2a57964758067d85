/** Priced rows (cents, snake_case) → the spec's Product (dollars, camelCase; spec 3). */
import { centsToDollars, type Product } from '@portal/domain';
import type { PricedProductRow } from './repository.js';

export function toProduct(row: PricedProductRow, catalogId: string): Product {
  const inRegion = Number(row.in_region);
  const outsideRegion = Number(row.outside_region);
  return {
    sku: row.sku,
    brand: row.brand,
    model: row.model,
    catalog: catalogId,
    price: centsToDollars(row.price_cents),
    msrp: centsToDollars(row.msrp_cents),
    availability: {
      netAvailable: inRegion + outsideRegion,
      nextReceiptDate: row.next_receipt_date,
      inRegion,
      outsideRegion,
    },
    scheduledAvailability: row.receipts ?? [],
    eCommerceInformation: {
      label: row.label,
      shortDescription: row.short_description,
      mediumDescription: row.medium_description,
      longDescription: row.long_description,
      features: row.features,
      specifications: row.specifications,
      inTheBox: row.in_the_box,
      images: row.images,
      downloads: row.downloads,
    },
    shippingInformation: {
      weight: row.weight,
      length: row.length,
      width: row.width,
      height: row.height,
      requiresGeoWarehouse: row.requires_geo_warehouse,
      requiresFlatbed: row.requires_flatbed,
      requiresForkLift: row.requires_fork_lift,
      requiresLiftGate: row.requires_lift_gate,
      requiresResidential: row.requires_residential,
      isSmallParcel: row.is_small_parcel,
    },
  };
}
