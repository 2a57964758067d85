// @vitest-environment happy-dom
/**
 * The stand-in for floating-ui's `useMergeRefs` that Mantine's ScrollArea gets at build time
 * (merge-refs.ts): the element reaches an object ref and a callback ref, and both are released
 * (a callback's own cleanup called) when it goes.
 */
import { act, createElement, type Ref } from 'react';
import { createRoot } from 'react-dom/client';
import { expect, it } from 'vitest';
import { useMergeRefs } from './merge-refs';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

it('sets every ref to the element and releases them when it unmounts', () => {
  const objectRef: { current: HTMLDivElement | null } = { current: null };
  const calls: (HTMLDivElement | null | 'cleanup')[] = [];
  const callbackRef = (node: HTMLDivElement | null) => {
    calls.push(node);
    return () => void calls.push('cleanup');
  };
  function Viewport({ refs }: { refs: (Ref<HTMLDivElement> | undefined)[] }) {
    return createElement('div', { ref: useMergeRefs(refs), id: 'viewport' });
  }
  const root = createRoot(document.createElement('div'));
  act(() => root.render(createElement(Viewport, { refs: [objectRef, callbackRef, undefined] })));
  expect(objectRef.current?.id).toBe('viewport');
  expect(calls).toEqual([objectRef.current]);

  act(() => root.unmount());
  expect(objectRef.current).toBeNull();
  expect(calls.at(-1)).toBe('cleanup');
});
