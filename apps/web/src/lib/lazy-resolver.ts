import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose schema loads on first use. The shared zod schemas (and zod itself, about
 * 40 KB gzipped) then stay out of a page's first download (performance.md "Initial JavaScript"):
 * the login page needs them only when the form is first submitted. `prefetch` starts the load
 * early, e.g. when the user first focuses the form.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): { resolver: Resolver<T>; prefetch: () => void } {
  let loaded: Promise<Resolver<T>> | undefined;
  const prefetch = () => {
    loaded ??= load();
    return loaded;
  };
  return {
    resolver: async (values, context, options) => (await prefetch())(values, context, options),
    prefetch: () => void prefetch().catch(() => (loaded = undefined)),
  };
}
