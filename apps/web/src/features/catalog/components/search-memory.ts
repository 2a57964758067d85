/**
 * The last search of each catalog, for this tab (spec 2 "Search state is restored from breadcrumb
 * history on return"): the breadcrumb back to the catalog links the bare path, so the page puts the
 * remembered keywords and page back. Forgotten at logout.
 */
import { onSessionCleared } from '@/lib/session-store';

const PREFIX = 'portal.catalogSearch.';

export type RememberedSearch = { keywords: string; page: number };

export function rememberSearch(catalogId: string, search: RememberedSearch): void {
  try {
    window.sessionStorage.setItem(PREFIX + catalogId, JSON.stringify(search));
  } catch {
    // Storage disabled: the search simply is not restored.
  }
}

export function recallSearch(catalogId: string): RememberedSearch | null {
  try {
    const raw = window.sessionStorage.getItem(PREFIX + catalogId);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<RememberedSearch>;
    const keywords = typeof value.keywords === 'string' ? value.keywords : '';
    const page = Number.isInteger(value.page) && (value.page ?? 0) > 0 ? value.page! : 1;
    return { keywords, page };
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
