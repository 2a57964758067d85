import { useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Group, Loader, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconDownload } from '@tabler/icons-react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import {
  CATALOG_SCREEN_PAGE_SIZE,
  CATALOG_SORT_LABELS,
  CATALOG_SORTS,
  FALLBACK_CATALOG_ID,
  formatCount,
  hasRoles,
  totalPagesOf,
  type CatalogSort,
} from '@portal/domain/rules';
import { requestDestinationState, sessionStore, useSession, useSessionState } from '@/lib/session-store';
import { downloadCatalogExport } from '../api/export-catalog';
import { startEarlySearch, useCatalogSearch } from '../api/search-catalog';
import { EMPTY_FACETS, facetsOf } from '../api/search-body';
import { DestinationStatePrompt } from '@/components/destination-state-prompt';
import { Pager } from '@/components/pager';
import { preloadTileImages } from '../components/product-tile';
import { hasFilterColumn, isListLayout, tilesInFirstRow, TILE_BREAKPOINTS_PX } from '../components/tile-columns';
import { ProductTileGrid } from '../components/product-tile-grid';
import { recallSearch, rememberSearch } from '../components/search-memory';
import { CatalogFilters, type FilterChange } from '../components/catalog-filters';
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

const SORT_OPTIONS = CATALOG_SORTS.map((value) => ({ value, label: CATALOG_SORT_LABELS[value] }));

/** The media queries of tile-columns.ts's widths (the theme's sm and lg breakpoints, in em as Mantine writes them). */
const TILES_QUERY = `(min-width: ${TILE_BREAKPOINTS_PX.sm / 16}em)`;
const FILTER_COLUMN_QUERY = `(min-width: ${TILE_BREAKPOINTS_PX.lg / 16}em)`;
const FILTERS_ID = 'catalog-filters';

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
 * The catalog listing (spec 2 "Catalog", route /products/catalog/{catalogId}). Keywords and page
 * live in the URL, so back/forward work; the last search is remembered per catalog and restored
 * when the page is reached through its breadcrumb. Prices and stock need a branch and a destination
 * state: without a state the shell's chooser is opened (spec 5).
 */
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
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => catalogQueryOf(params), [params]);
  // What the sort and filter controls show: the dealer's last choice, at once. The address follows
  // in a transition (the router's), so a box ticked on a busy page is ticked as it is clicked, and a
  // second choice made before the address has moved adds to the first rather than replacing it.
  const [choice, setChoice] = useState(query);
  const [choiceFor, setChoiceFor] = useState(query);
  if (choiceFor !== query) {
    setChoiceFor(query);
    setChoice(query);
  }
  const [exporting, setExporting] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const tiles = useMediaQuery(TILES_QUERY, !isListLayout(window.innerWidth), { getInitialValueInEffect: false });
  const filterColumn = useMediaQuery(FILTER_COLUMN_QUERY, hasFilterColumn(window.innerWidth), { getInitialValueInEffect: false });

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

  useEffect(() => {
    if (!destinationState) requestDestinationState();
  }, [destinationState]);

  const search = useCatalogSearch({ catalog: catalogId, ...query, branchNumber, shipToState: destinationState });
  // A page of tiles is the screen's heaviest render. An answer is drawn in a deferred render that
  // React splits into short slices, so the page stays responsive while it draws (issue 21: drawn
  // at once, the 20 tiles were one long task on a phone); until then the previous page, or the
  // loader, stays up and the page says it is busy.
  const answer = search.data ?? null;
  const result = useDeferredValue(answer, null);
  const drawing = result !== answer;
  const pending = search.isPending || (drawing && result === null);
  // The first screenful (a row of tiles, or five rows of the phone list): drawn first, images first and eagerly.
  const firstRow = tilesInFirstRow(window.innerWidth);
  useEffect(() => {
    if (answer) preloadTileImages(answer.results.slice(0, firstRow));
  }, [answer, firstRow]);
  const totalPages = totalPagesOf(result?.totalResults ?? 0, CATALOG_SCREEN_PAGE_SIZE);
  const facets = result ? facetsOf(result) : EMPTY_FACETS;
  const catalog = user.catalogs.find((c) => c.id === catalogId);
  const title = catalogId === FALLBACK_CATALOG_ID || !catalog ? 'Catalog' : catalog.label;
  const canOrder = hasRoles(user.roles, 'checkout', 'catalog');
  const filterCount = activeFilterCount(choice);

  const go = (next: CatalogQuery) => {
    setChoice(next);
    setParams(catalogQueryParams(next));
  };
  const changeFilters = (change: FilterChange) => go(narrowed(choice, change));
  const clearFilters = () => go(withoutFilters(choice));

  const exportCsv = async () => {
    if (branchNumber === null) return;
    setExporting(true);
    try {
      await downloadCatalogExport(branchNumber, catalogId);
    } finally {
      setExporting(false);
    }
  };

  const pager = (position: 'top' | 'bottom') => (
    <Pager page={query.page} totalPages={totalPages} onPage={(page) => go({ ...query, page })} label={`Catalog pages (${position})`} />
  );

  const clearButton = filterCount > 0 && (
    <Button variant="subtle" size="compact-sm" onClick={clearFilters} style={{ alignSelf: 'flex-start' }}>
      Clear filters
    </Button>
  );

  const filters = (columns: 1 | 3): ReactNode => (
    <>
      <CatalogFilters facets={facets} query={choice} onChange={changeFilters} columns={columns} />
      {clearButton}
    </>
  );

  const toolbar = (
    <Group align="flex-end" gap="sm" wrap="nowrap">
      {!filterColumn && (
        <Button
          variant={filterCount > 0 ? 'light' : 'default'}
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          aria-expanded={filtersOpen}
          aria-controls={filtersOpen ? FILTERS_ID : undefined}
          onClick={() => setFiltersOpen(!filtersOpen)}
        >
          {filterCount > 0 ? `Filters (${filterCount})` : 'Filters'}
        </Button>
      )}
      {/* The browser's own select: the phone's picker, and no floating-ui on the first drawing (issue 21). */}
      <NativeSelect
        label="Sort by"
        data={SORT_OPTIONS}
        value={effectiveSort(choice)}
        onChange={(event) => go(narrowed(choice, { sort: event.currentTarget.value as CatalogSort }))}
        w={200}
        style={{ flex: 'none' }}
      />
    </Group>
  );

  const products = (
    <>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" aria-live="polite" data-testid="catalog-total">
          {pending ? 'Searching...' : `${formatCount(result?.totalResults ?? 0)} products`}
        </Text>
        {pager('top')}
      </Group>
      {pending ? (
        // The products' room is kept while they load, so the footer below does not jump (layout shift).
        <div style={{ minHeight: '100vh' }}>
          <Loader aria-label="Loading products" />
        </div>
      ) : result && result.results.length > 0 ? (
        <ProductTileGrid
          products={result.results}
          catalogId={catalogId}
          canOrder={canOrder}
          layout={tiles ? 'tiles' : 'list'}
          firstRow={firstRow}
          busy={search.isFetching || drawing}
        />
      ) : (
        <Stack gap="xs" align="flex-start">
          <Text c="dimmed">No products match your search.</Text>
          {clearButton}
        </Stack>
      )}
      <Group justify="flex-end">{pager('bottom')}</Group>
    </>
  );

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{title}</Title>
        {user.roles.catalogExport && (
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={exporting}
            disabled={branchNumber === null}
            onClick={() => void exportCsv()}
          >
            Export Full Catalog CSV
          </Button>
        )}
      </Group>

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
        <Group align="flex-start" wrap="nowrap" gap="lg">
          <Box component="section" aria-labelledby={`${FILTERS_ID}-title`} id={FILTERS_ID} w={230} style={{ flex: 'none' }}>
            <Stack gap="md">
              <Title order={2} size="h4" id={`${FILTERS_ID}-title`}>
                Filters
              </Title>
              {filters(1)}
            </Stack>
          </Box>
          <Stack style={{ flex: 1, minWidth: 0 }}>
            {toolbar}
            {products}
          </Stack>
        </Group>
      ) : (
        <>
          {toolbar}
          {filtersOpen && (
            <Paper component="section" withBorder p="sm" id={FILTERS_ID} aria-label="Filters">
              <Stack gap="md">{filters(tiles ? 3 : 1)}</Stack>
            </Paper>
          )}
          {products}
        </>
      )}
    </Stack>
  );
}
