/**
 * `useMergeRefs` of @floating-ui/react (one ref callback setting every ref given, React 19 ref
 * cleanups included), built on @mantine/hooks' `useMergedRef`. Mantine's ScrollArea, inside every
 * Modal and Table, takes only this hook from floating-ui; the build points that one import here
 * (tools/redirect-import.ts, vite.config.ts), so the first signed-in screens do not download
 * floating-ui's 60 KB module for it (issue 21).
 */
import type { Ref } from 'react';
import { useMergedRef } from '@mantine/hooks';

export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>) {
  return useMergedRef(...refs);
}
