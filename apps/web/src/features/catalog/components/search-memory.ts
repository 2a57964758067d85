/**
 * The last search of each catalog, for this tab (spec 2 "Search state is restored from breadcrumb
 * history on return"): the breadcrumb back to the catalog links the bare path, so the page puts the
 * remembered keywords, page, sort and filters back. Forgotten at logout.
 */
import { onSessionCleared } from '@/lib/session-store';
import { catalogQueryOf, catalogQueryParams, type CatalogQuery } from './catalog-query';

const PREFIX = 'portal.catalogSearch.';

export function rememberSearch(catalogId: string, search: CatalogQuery): void {
  try {
    window.sessionStorage.setItem(PREFIX + catalogId, catalogQueryParams(search).toString());
  } catch {
    // Storage disabled: the search simply is not restored.
  }
}

export function recallSearch(catalogId: string): CatalogQuery | null {
  try {
    const raw = window.sessionStorage.getItem(PREFIX + catalogId);
    // Read as an address, so whatever is stored is checked as the address is.
    return raw === null ? null : catalogQueryOf(new URLSearchParams(raw));
  } catch {
    return null;
  }
}

onSessionCleared(() => {
  try {
    for (const key of Object.keys(window.sessionStorage)) if (key.startsWith(PREFIX)) window.sessionStorage.removeItem(key);
  } catch {
    // nothing to forget
  }
});
