import { useDeferredValue, useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useParams, useSearchParams } from 'react-router';
import { totalPagesOf, CATALOG_SCREEN_PAGE_SIZE, formatCount, hasRoles, FALLBACK_CATALOG_ID } from '@portal/domain';
import { requestDestinationState, sessionStore, useSession, useSessionState } from '@/lib/session-store';
import { downloadCatalogExport } from '../api/export-catalog';
import { startEarlySearch, useCatalogSearch } from '../api/search-catalog';
import { DestinationStatePrompt } from '@/components/destination-state-prompt';
import { Pager } from '@/components/pager';
import { preloadTileImages } from '../components/product-tile';
import { tilesInFirstRow } from '../components/tile-columns';
import { ProductTileGrid } from '../components/product-tile-grid';
import { recallSearch, rememberSearch } from '../components/search-memory';

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

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
  const params = new URLSearchParams(window.location.search);
  const { branchNumber, destinationState } = sessionStore.get();
  startEarlySearch({
    catalog,
    keywords: params.get('keywords') ?? '',
    page: pageOf(params.get('page')),
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
export function CatalogPage() {
  const { catalogId = FALLBACK_CATALOG_ID } = useParams();
  const { user } = useSession();
  const { branchNumber, destinationState } = useSessionState();
  const [params, setParams] = useSearchParams();
  const keywords = params.get('keywords') ?? '';
  const page = pageOf(params.get('page'));
  const [draft, setDraft] = useState(keywords);
  const [shownKeywords, setShownKeywords] = useState(keywords);
  if (shownKeywords !== keywords) {
    setShownKeywords(keywords);
    setDraft(keywords);
  }
  const [exporting, setExporting] = useState(false);

  const hasParams = params.has('keywords') || params.has('page');
  useEffect(() => {
    if (hasParams) return;
    const remembered = recallSearch(catalogId);
    if (remembered && (remembered.keywords || remembered.page > 1)) {
      setParams({ keywords: remembered.keywords, page: String(remembered.page) }, { replace: true });
    }
  }, [catalogId, hasParams, setParams]);

  useEffect(() => {
    // Only a search the dealer made; the bare path must not overwrite it before it is restored.
    if (hasParams) rememberSearch(catalogId, { keywords, page });
  }, [catalogId, hasParams, keywords, page]);

  useEffect(() => {
    if (!destinationState) requestDestinationState();
  }, [destinationState]);

  const search = useCatalogSearch({ catalog: catalogId, keywords, page, branchNumber, shipToState: destinationState });
  // A page of tiles is the screen's heaviest render. An answer is drawn in a deferred render that
  // React splits into short slices, so the page stays responsive while it draws (issue 21: drawn
  // at once, the 20 tiles were one long task on a phone); until then the previous page, or the
  // loader, stays up and the page says it is busy.
  const answer = search.data ?? null;
  const result = useDeferredValue(answer, null);
  const drawing = result !== answer;
  const pending = search.isPending || (drawing && result === null);
  // The first row's tiles (one on a phone): drawn first, their images loaded first and eagerly.
  const firstRow = tilesInFirstRow(window.innerWidth);
  useEffect(() => {
    if (answer) preloadTileImages(answer.results.slice(0, firstRow));
  }, [answer, firstRow]);
  const totalPages = totalPagesOf(result?.totalResults ?? 0, CATALOG_SCREEN_PAGE_SIZE);
  const catalog = user.catalogs.find((c) => c.id === catalogId);
  const title = catalogId === FALLBACK_CATALOG_ID || !catalog ? 'Catalog' : catalog.label;
  const canOrder = hasRoles(user.roles, 'checkout', 'catalog');

  const goTo = (next: { keywords?: string; page?: number }) =>
    setParams({ keywords: next.keywords ?? keywords, page: String(next.page ?? page) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    goTo({ keywords: draft.trim(), page: 1 });
  };

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
    <Pager page={page} totalPages={totalPages} onPage={(p) => goTo({ page: p })} label={`Catalog pages (${position})`} />
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

      <form onSubmit={submit} role="search" aria-label="Catalog search">
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label="Keywords"
            placeholder="SKU, brand, name or description"
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            style={{ flex: 1 }}
            maxLength={200}
          />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
            Search
          </Button>
        </Group>
      </form>

      {!destinationState ? (
        <DestinationStatePrompt />
      ) : branchNumber === null ? (
        <Alert color="yellow">Choose a branch to see the catalog.</Alert>
      ) : result?.notFound ? (
        <Alert color="red">This catalog is not available to you.</Alert>
      ) : (
        <>
          <Group justify="space-between">
            <Text size="sm" aria-live="polite" data-testid="catalog-total">
              {pending ? 'Searching...' : `${formatCount(result?.totalResults ?? 0)} products`}
            </Text>
            {pager('top')}
          </Group>
          {pending ? (
            // The tiles' room is kept while they load, so the footer below does not jump (layout shift).
            <div style={{ minHeight: '100vh' }}>
              <Loader aria-label="Loading products" />
            </div>
          ) : result && result.results.length > 0 ? (
            <ProductTileGrid
              products={result.results}
              catalogId={catalogId}
              canOrder={canOrder}
              firstRow={firstRow}
              busy={search.isFetching || drawing}
            />
          ) : (
            <Text c="dimmed">No products match your search.</Text>
          )}
          <Group justify="flex-end">{pager('bottom')}</Group>
        </>
      )}
    </Stack>
  );
}
