/**
 * The availability text of a product for the chosen destination state (server-rules "Catalog,
 * price and availability": in stock / ships from outside your region / backordered with the next
 * receipt date / call for availability). One pure function, shown on tiles and the product page.
 */
import { formatCount, formatDate } from '../format.js';
import type { Availability } from './product.js';

export type StockStatus = 'inStock' | 'outsideRegion' | 'backordered' | 'callForAvailability';

export type AvailabilityText = { status: StockStatus; label: string; text: string };

const LABELS: Record<StockStatus, string> = {
  inStock: 'In Stock',
  outsideRegion: 'In Stock Outside Your Region',
  backordered: 'Backordered',
  callForAvailability: 'Call For Availability',
};

export function stockStatusOf(availability: Availability): StockStatus {
  if (availability.inRegion > 0) return 'inStock';
  if (availability.outsideRegion > 0) return 'outsideRegion';
  if (availability.nextReceiptDate) return 'backordered';
  return 'callForAvailability';
}

const units = (n: number) => `${formatCount(n)} ${n === 1 ? 'unit' : 'units'}`;

export function availabilityText(availability: Availability): AvailabilityText {
  const status = stockStatusOf(availability);
  const next = availability.nextReceiptDate ? ` Next receipt ${formatDate(availability.nextReceiptDate)}.` : '';
  let text: string;
  switch (status) {
    case 'inStock':
      text =
        availability.outsideRegion > 0
          ? `${units(availability.inRegion)} available in your region, ${units(availability.outsideRegion)} more outside your region.${next}`
          : `${units(availability.inRegion)} available in your region.${next}`;
      break;
    case 'outsideRegion':
      text = `${units(availability.outsideRegion)} available; ships from outside your region.${next}`;
      break;
    case 'backordered':
      text = `Backordered.${next}`;
      break;
    case 'callForAvailability':
      text = 'Call for availability.';
      break;
  }
  return { status, label: LABELS[status], text };
}
