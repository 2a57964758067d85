/**
 * Generated artwork for the demo catalog (demo-data.md "Images and downloads are served by the
 * app"): product pictures drawn per product kind, brand logos and the placeholder thumbnail.
 * Pure functions of their inputs, so the same URL always answers the same bytes.
 */

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** A stable hue per text, so each product keeps its colours. */
export function hueOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % 360;
}

const WIDTH = 800;
const HEIGHT = 600;

/** Line drawings of each kind of product (seed/product-kinds.ts); anything else is a boxed part. */
const DRAWINGS: Record<string, (ink: string, accent: string) => string> = {
  'two-post-lift': (ink, accent) => `
    <rect x="220" y="110" width="44" height="330" fill="${ink}"/><rect x="536" y="110" width="44" height="330" fill="${ink}"/>
    <rect x="210" y="100" width="380" height="16" fill="${ink}"/>
    <rect x="264" y="300" width="120" height="12" fill="${accent}"/><rect x="416" y="300" width="120" height="12" fill="${accent}"/>
    <rect x="200" y="440" width="84" height="12" fill="${ink}"/><rect x="516" y="440" width="84" height="12" fill="${ink}"/>`,
  'four-post-lift': (ink, accent) => `
    <rect x="170" y="170" width="30" height="270" fill="${ink}"/><rect x="600" y="170" width="30" height="270" fill="${ink}"/>
    <rect x="240" y="140" width="24" height="300" fill="${ink}" opacity="0.6"/><rect x="536" y="140" width="24" height="300" fill="${ink}" opacity="0.6"/>
    <rect x="160" y="300" width="480" height="22" fill="${accent}"/>
    <path d="M 200 322 L 250 360 L 550 360 L 600 322 Z" fill="${accent}" opacity="0.5"/>`,
  'scissor-lift': (ink, accent) => `
    <rect x="180" y="250" width="440" height="20" fill="${accent}"/>
    <path d="M 220 270 L 580 430 M 580 270 L 220 430" stroke="${ink}" stroke-width="18"/>
    <rect x="180" y="430" width="440" height="16" fill="${ink}"/>`,
  'tire-changer': (ink, accent) => `
    <rect x="260" y="330" width="280" height="110" rx="10" fill="${ink}"/>
    <ellipse cx="400" cy="320" rx="150" ry="30" fill="${accent}"/>
    <rect x="500" y="130" width="26" height="200" fill="${ink}"/><rect x="400" y="130" width="126" height="20" fill="${ink}"/>
    <circle cx="400" cy="250" r="70" fill="none" stroke="${ink}" stroke-width="22"/>`,
  'wheel-balancer': (ink, accent) => `
    <rect x="300" y="300" width="220" height="140" rx="8" fill="${ink}"/>
    <rect x="520" y="360" width="60" height="16" fill="${ink}"/>
    <circle cx="620" cy="300" r="80" fill="none" stroke="${accent}" stroke-width="30"/><circle cx="620" cy="300" r="22" fill="${ink}"/>
    <rect x="330" y="200" width="150" height="90" rx="6" fill="${accent}" opacity="0.7"/>`,
  alignment: (ink, accent) => `
    <rect x="380" y="140" width="40" height="300" fill="${ink}"/><rect x="200" y="150" width="400" height="26" rx="6" fill="${ink}"/>
    <rect x="180" y="176" width="70" height="60" rx="8" fill="${accent}"/><rect x="550" y="176" width="70" height="60" rx="8" fill="${accent}"/>
    <rect x="320" y="260" width="160" height="110" rx="8" fill="${accent}" opacity="0.6"/><rect x="330" y="440" width="140" height="12" fill="${ink}"/>`,
  compressor: (ink, accent) => `
    <rect x="330" y="110" width="140" height="330" rx="70" fill="${accent}"/>
    <rect x="350" y="170" width="100" height="60" rx="6" fill="${ink}"/><circle cx="400" cy="290" r="26" fill="#fff" stroke="${ink}" stroke-width="6"/>
    <rect x="320" y="440" width="160" height="14" fill="${ink}"/>`,
  accessory: (ink, accent) => `
    <path d="M 260 220 L 400 160 L 540 220 L 540 390 L 400 450 L 260 390 Z" fill="${accent}"/>
    <path d="M 260 220 L 400 280 L 540 220 M 400 280 L 400 450" stroke="${ink}" stroke-width="8" fill="none"/>`,
};

export type ProductImageInput = { sku: string; brand: string; label: string; kind: string; index: number; count: number };

/** Picture `index` (1-based) of a product: its kind's drawing, tinted per product and per view. */
export function productImageSvg(input: ProductImageInput): string {
  const hue = (hueOf(input.sku) + (input.index - 1) * 47) % 360;
  const ink = `hsl(${hue}, 35%, 24%)`;
  const accent = `hsl(${hue}, 65%, 48%)`;
  const drawing = (DRAWINGS[input.kind] ?? DRAWINGS.accessory!)(ink, accent);
  const mirrored = input.index % 2 === 0 ? ` transform="translate(${WIDTH} 0) scale(-1 1)"` : '';
  const label = input.label.length > 70 ? `${input.label.slice(0, 67)}...` : input.label;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img">
  <title>${escapeXml(`${input.label} (image ${input.index} of ${input.count})`)}</title>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="hsl(${hue}, 30%, 96%)"/>
  <rect x="120" y="452" width="560" height="10" rx="5" fill="hsl(${hue}, 15%, 82%)"/>
  <g${mirrored}>${drawing}</g>
  <text x="400" y="515" font-family="Arial, Helvetica, sans-serif" font-size="24" font-weight="700" fill="${ink}" text-anchor="middle">${escapeXml(label)}</text>
  <text x="400" y="552" font-family="Arial, Helvetica, sans-serif" font-size="20" fill="${ink}" text-anchor="middle">${escapeXml(`${input.brand} · ${input.sku}`)}</text>
</svg>`;
}

/** A brand's logo: its initials in a badge beside its name. */
export function brandLogoSvg(brand: { name: string; color: string }): string {
  const initials = brand.name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const width = 110 + brand.name.length * 17;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 80" width="${width}" height="80" role="img">
  <title>${escapeXml(brand.name)}</title>
  <rect x="4" y="4" width="72" height="72" rx="14" fill="${brand.color}"/>
  <text x="40" y="52" font-family="Arial, Helvetica, sans-serif" font-size="30" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(initials)}</text>
  <text x="92" y="52" font-family="Arial, Helvetica, sans-serif" font-size="30" font-weight="700" fill="${brand.color}">${escapeXml(brand.name)}</text>
</svg>`;
}

/** The default thumbnail for a product without images (spec 9). */
export function placeholderSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img">
  <title>No image available</title>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="#f1f3f5"/>
  <rect x="290" y="190" width="220" height="170" rx="14" fill="none" stroke="#adb5bd" stroke-width="12"/>
  <circle cx="350" cy="250" r="22" fill="#adb5bd"/>
  <path d="M 300 350 L 380 280 L 430 320 L 470 290 L 505 350 Z" fill="#adb5bd"/>
  <text x="400" y="430" font-family="Arial, Helvetica, sans-serif" font-size="28" fill="#868e96" text-anchor="middle">No image available</text>
</svg>`;
}
