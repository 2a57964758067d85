/**
 * Tracking links of the carriers the manufacturer ships with, by SCAC code, so the ERP may send
 * tracking numbers alone. An unknown carrier's packages keep the URL the caller sent (or none).
 */
const TRACKING: Record<string, { label: string; url: (n: string) => string }> = {
  UPSN: { label: 'UPS', url: (n) => `https://www.ups.com/track?tracknum=${n}` },
  FDEG: { label: 'FedEx Ground', url: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}` },
  FDE: { label: 'FedEx Express', url: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}` },
  ODFL: {
    label: 'Old Dominion Freight Line',
    url: (n) => `https://www.odfl.com/us/en/tools/trace-track-ltl-freight/trace.html?proNumbers=${n}`,
  },
  SAIA: { label: 'Saia LTL Freight', url: (n) => `https://www.saia.com/track/details;pro=${n}` },
  EXLA: { label: 'Estes Express Lines', url: (n) => `https://www.estes-express.com/myestes/shipment-tracking/?type=PRO&query=${n}` },
  RLCA: { label: 'R+L Carriers', url: (n) => `https://www.rlcarriers.com/freight/shipping/shipment-tracing?pro=${n}` },
};

export function carrierLabel(scac: string): string | undefined {
  return TRACKING[scac.toUpperCase()]?.label;
}

export function trackingUrlFor(scac: string, trackingNumber: string): string {
  const carrier = TRACKING[scac.toUpperCase()];
  return carrier ? carrier.url(encodeURIComponent(trackingNumber)) : '';
}
