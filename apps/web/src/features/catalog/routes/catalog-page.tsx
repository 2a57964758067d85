import { useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useNavigate, useParams, useSearchParams, type SetURLSearchParams } from 'react-router';
import { FALLBACK_CATALOG_ID, hasRoles } from '@portal/domain/rules';
import { requestDestinationState, sessionStore, useSession, useSessionState } from '@/lib/session-store';
import { startEarlySearch, useCatalogSearch } from '../api/search-catalog';
import { EMPTY_FACETS, facetsOf } from '../api/search-body';
import { DestinationStatePrompt } from '@/components/destination-state-prompt';
import { preloadTileImages } from '../components/product-tile';
import { hasFilterColumn, isListLayout, tilesInFirstRow, TILE_BREAKPOINTS_PX } from '../components/tile-columns';
import { recallSearch, rememberSearch } from '../components/search-memory';
import { CatalogFilters } from '../components/catalog-filters';
import { KeywordSearch } from '../components/keyword-search';
import {
  activeFilterCount,
  catalogQueryOf,
  catalogQueryParams,
  effectiveSort,
  isNarrowedOrPaged,
  namesCatalogSearch,
  narrowed,
  searchedFor,
  withoutFilters,
  type CatalogQuery,
} from '../components/catalog-query';
import { CatalogProducts, CatalogTitleBar, CatalogToolbar, ClearFiltersButton, FiltersBeside, FiltersPanel } from './catalog-page-sections';

/** The media queries of tile-columns.ts's widths (the theme's sm and lg breakpoints, in em as Mantine writes them). */
const TILES_QUERY = `(min-width: ${TILE_BREAKPOINTS_PX.sm / 16}em)`;
const FILTER_COLUMN_QUERY = `(min-width: ${TILE_BREAKPOINTS_PX.lg / 16}em)`;

/** This screen's route, /products/catalog/{catalogId}. */
const CATALOG_PATH = /^\/products\/catalog\/([^/]+)\/?$/;

/**
 * The app opened on a catalog page loads this module with the route's code, while the stored
 * session is still being checked: the page's first search (as the page will ask it, from the
 * address and the stored branch and state) starts now rather than after that check (issue 21).
 * Loaded for an in-app navigation, the address is still the previous page's, and the page asks.
 */
function startSearchOfOpeningPage() {
  const match = CATALOG_PATH.exec(window.location.pathname);
  if (!match) return;
  let catalog: string;
  try {
    catalog = decodeURIComponent(match[1]!);
  } catch {
    return;
  }
  const { branchNumber, destinationState } = sessionStore.get();
  startEarlySearch({
    catalog,
    ...catalogQueryOf(new URLSearchParams(window.location.search)),
    branchNumber,
    shipToState: destinationState,
  });
}
startSearchOfOpeningPage();

/**
 * What the sort and filter controls show: the dealer's last choice, at once. The address follows
 * in a transition (the router's), so a box ticked on a busy page is ticked as it is clicked, and a
 * second choice made before the address has moved adds to the first rather than replacing it.
 */
function useChoice(query: CatalogQuery) {
  const [choice, setChoice] = useState(query);
  const [choiceFor, setChoiceFor] = useState(query);
  if (choiceFor !== query) {
    setChoiceFor(query);
    setChoice(query);
  }
  return [choice, setChoice] as const;
}

/** The last search is remembered per catalog, and brought back when the bare path is opened (its breadcrumb). */
function useRememberedSearch(catalogId: string, query: CatalogQuery, params: URLSearchParams, setParams: SetURLSearchParams) {
  const hasParams = namesCatalogSearch(params);
  useEffect(() => {
    if (hasParams) return;
    const remembered = recallSearch(catalogId);
    if (remembered && isNarrowedOrPaged(remembered)) setParams(catalogQueryParams(remembered), { replace: true });
  }, [catalogId, hasParams, setParams]);

  useEffect(() => {
    // Only a search the dealer made; the bare path must not overwrite it before it is restored.
    if (hasParams) rememberSearch(catalogId, query);
  }, [catalogId, hasParams, query]);
}

/** The page's search as its address holds it, what the controls show, and `go` to another search. */
function useCatalogQuery(catalogId: string) {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => catalogQueryOf(params), [params]);
  const [choice, setChoice] = useChoice(query);
  useRememberedSearch(catalogId, query, params, setParams);
  const go = (next: CatalogQuery) => {
    setChoice(next);
    setParams(catalogQueryParams(next));
  };
  return { query, choice, go };
}

/**
 * The search's answer as drawn. A page of tiles is the screen's heaviest render. An answer is drawn
 * in a deferred render that React splits into short slices, so the page stays responsive while it
 * draws (issue 21: drawn at once, the 20 tiles were one long task on a phone); until then the
 * previous page, or the loader, stays up and the page says it is busy.
 */
function useDrawnAnswer(search: ReturnType<typeof useCatalogSearch>) {
  const answer = search.data ?? null;
  const result = useDeferredValue(answer, null);
  const drawing = result !== answer;
  const pending = search.isPending || (drawing && result === null);
  // The first screenful (a row of tiles, or five rows of the phone list): drawn first, images first and eagerly.
  const firstRow = tilesInFirstRow(window.innerWidth);
  useEffect(() => {
    if (answer) preloadTileImages(answer.results.slice(0, firstRow));
  }, [answer, firstRow]);
  return { result, drawing, pending, firstRow };
}

/**
 * The catalog listing (spec 2 "Catalog", route /products/catalog/{catalogId}). Keywords, page, sort
 * and filters live in the URL, so back/forward work; the last search is remembered per catalog and
 * restored when the page is reached through its breadcrumb. Prices and stock need a branch and a
 * destination state: without a state the shell's chooser is opened (spec 5).
 *
 * Issue 32: a 'Sort by' select and the 'Brand', 'Category' and 'Availability' filter groups with the
 * search's counts, in a column beside the tiles from 1200 px and folded under a 'Filters' button
 * below; suggestions under the keyword box; below 825 px a compact list instead of tiles.
 */
export function CatalogPage() {
  const { catalogId = FALLBACK_CATALOG_ID } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const { branchNumber, destinationState } = useSessionState();
  const { query, choice, go } = useCatalogQuery(catalogId);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const tiles = useMediaQuery(TILES_QUERY, !isListLayout(window.innerWidth), { getInitialValueInEffect: false });
  const filterColumn = useMediaQuery(FILTER_COLUMN_QUERY, hasFilterColumn(window.innerWidth), { getInitialValueInEffect: false });

  useEffect(() => {
    if (!destinationState) requestDestinationState();
  }, [destinationState]);

  const search = useCatalogSearch({ catalog: catalogId, ...query, branchNumber, shipToState: destinationState });
  const { result, drawing, pending, firstRow } = useDrawnAnswer(search);
  const facets = result ? facetsOf(result) : EMPTY_FACETS;
  const filterCount = activeFilterCount(choice);

  const clearButton = filterCount > 0 && <ClearFiltersButton onClear={() => go(withoutFilters(choice))} />;

  const filters = (columns: 1 | 3): ReactNode => (
    <>
      <CatalogFilters facets={facets} query={choice} onChange={(change) => go(narrowed(choice, change))} columns={columns} />
      {clearButton}
    </>
  );

  const toolbar = (
    <CatalogToolbar
      showFiltersButton={!filterColumn}
      filterCount={filterCount}
      filtersOpen={filtersOpen}
      onToggleFilters={() => setFiltersOpen(!filtersOpen)}
      sort={effectiveSort(choice)}
      onSort={(sort) => go(narrowed(choice, { sort }))}
    />
  );

  const products = (
    <CatalogProducts
      result={result}
      pending={pending}
      page={query.page}
      onPage={(page) => go({ ...query, page })}
      catalogId={catalogId}
      canOrder={hasRoles(user.roles, 'checkout', 'catalog')}
      layout={tiles ? 'tiles' : 'list'}
      firstRow={firstRow}
      busy={search.isFetching || drawing}
      clearButton={clearButton}
    />
  );

  return (
    <Stack>
      <CatalogTitleBar catalogs={user.catalogs} canExport={user.roles.catalogExport} branchNumber={branchNumber} catalogId={catalogId} />

      <KeywordSearch
        keywords={query.keywords}
        catalogId={catalogId}
        branchNumber={branchNumber}
        shipToState={destinationState}
        onSearch={(keywords) => go(searchedFor(query, keywords))}
        onOpenProduct={(sku) => navigate(`/products/catalog/${catalogId}/${encodeURIComponent(sku)}`)}
      />

      {!destinationState ? (
        <DestinationStatePrompt />
      ) : branchNumber === null ? (
        <Alert color="yellow">Choose a branch to see the catalog.</Alert>
      ) : result?.notFound ? (
        <Alert color="red">This catalog is not available to you.</Alert>
      ) : filterColumn ? (
        <FiltersBeside filters={filters(1)}>
          {toolbar}
          {products}
        </FiltersBeside>
      ) : (
        <>
          {toolbar}
          {filtersOpen && <FiltersPanel>{filters(tiles ? 3 : 1)}</FiltersPanel>}
          {products}
        </>
      )}
    </Stack>
  );
}
