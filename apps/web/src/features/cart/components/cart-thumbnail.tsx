import { Image } from '@mantine/core';

/** Spec 9: a default placeholder image stands in for products without one (inline, nothing to load). */
const PLACEHOLDER =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" fill="#e9ecef"/><path d="M14 46l12-14 9 10 6-7 9 11z" fill="#adb5bd"/><circle cx="42" cy="22" r="5" fill="#adb5bd"/></svg>',
  );

export function CartThumbnail({ src, label }: { src: string; label: string }) {
  return <Image src={src || PLACEHOLDER} fallbackSrc={PLACEHOLDER} alt={label} w={56} h={56} fit="contain" radius="sm" />;
}
