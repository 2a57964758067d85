import { useState, type ReactNode } from 'react';
import { Box, Button, Group, Loader, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconDownload } from '@tabler/icons-react';
import {
  CATALOG_SCREEN_PAGE_SIZE,
  CATALOG_SORT_LABELS,
  CATALOG_SORTS,
  FALLBACK_CATALOG_ID,
  formatCount,
  totalPagesOf,
  type CatalogSort,
} from '@portal/domain/rules';
import { Pager } from '@/components/pager';
import { downloadCatalogExport } from '../api/export-catalog';
import type { CatalogSearchResult } from '../api/search-catalog';
import { ProductTileGrid } from '../components/product-tile-grid';

const SORT_OPTIONS = CATALOG_SORTS.map((value) => ({ value, label: CATALOG_SORT_LABELS[value] }));

/** The filters' section: the column beside the products, or the panel the 'Filters' button opens. */
const FILTERS_ID = 'catalog-filters';

type CatalogTitleBarProps = {
  /** The user's catalogs: the page is titled with this one's label. */
  catalogs: readonly { id: string; label: string }[];
  /** Role catalogExport: 'Export Full Catalog CSV' is offered. */
  canExport: boolean;
  branchNumber: number | null;
  catalogId: string;
};

/** The catalog's name, and 'Export Full Catalog CSV' (the branch's prices, so only once a branch is chosen). */
export function CatalogTitleBar({ catalogs, canExport, branchNumber, catalogId }: CatalogTitleBarProps) {
  const [exporting, setExporting] = useState(false);
  const catalog = catalogs.find((c) => c.id === catalogId);
  const title = catalogId === FALLBACK_CATALOG_ID || !catalog ? 'Catalog' : catalog.label;

  const exportCsv = async () => {
    if (branchNumber === null) return;
    setExporting(true);
    try {
      await downloadCatalogExport(branchNumber, catalogId);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Group justify="space-between" align="flex-end">
      <Title order={1}>{title}</Title>
      {canExport && (
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
  );
}

type CatalogToolbarProps = {
  /** Below 1200 px the filters fold under a 'Filters' button; from 1200 px they stand in a column. */
  showFiltersButton: boolean;
  filterCount: number;
  filtersOpen: boolean;
  onToggleFilters: () => void;
  sort: CatalogSort;
  onSort: (sort: CatalogSort) => void;
};

/** Above the products: the 'Filters' button (with the count of filters set) and 'Sort by'. */
export function CatalogToolbar({ showFiltersButton, filterCount, filtersOpen, onToggleFilters, sort, onSort }: CatalogToolbarProps) {
  return (
    <Group align="flex-end" gap="sm" wrap="nowrap">
      {showFiltersButton && (
        <Button
          variant={filterCount > 0 ? 'light' : 'default'}
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          aria-expanded={filtersOpen}
          aria-controls={filtersOpen ? FILTERS_ID : undefined}
          onClick={onToggleFilters}
        >
          {filterCount > 0 ? `Filters (${filterCount})` : 'Filters'}
        </Button>
      )}
      {/* The browser's own select: the phone's picker, and no floating-ui on the first drawing (issue 21). */}
      <NativeSelect
        label="Sort by"
        data={SORT_OPTIONS}
        value={sort}
        onChange={(event) => onSort(event.currentTarget.value as CatalogSort)}
        w={200}
        style={{ flex: 'none' }}
      />
    </Group>
  );
}

type CatalogProductsProps = {
  /** The answer drawn, or none yet. */
  result: CatalogSearchResult | null;
  /** No answer to draw yet: the first is being asked for, or drawn. */
  pending: boolean;
  page: number;
  onPage: (page: number) => void;
  catalogId: string;
  canOrder: boolean;
  layout: 'tiles' | 'list';
  /** Products in the first screenful (tile-columns.ts tilesInFirstRow). */
  firstRow: number;
  /** A newer answer is on its way or being drawn. */
  busy: boolean;
  /** 'Clear filters', offered too when no product matches (nothing when no filter is set). */
  clearButton: ReactNode;
};

/** The count of products found, the products themselves, and the pager above and below them. */
export function CatalogProducts({
  result,
  pending,
  page,
  onPage,
  catalogId,
  canOrder,
  layout,
  firstRow,
  busy,
  clearButton,
}: CatalogProductsProps) {
  const totalPages = totalPagesOf(result?.totalResults ?? 0, CATALOG_SCREEN_PAGE_SIZE);
  const pager = (position: 'top' | 'bottom') => (
    <Pager page={page} totalPages={totalPages} onPage={onPage} label={`Catalog pages (${position})`} />
  );

  return (
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
          layout={layout}
          firstRow={firstRow}
          busy={busy}
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
}

/** From 1200 px: the filters in a column of their own, titled, beside the toolbar and products (`children`). */
export function FiltersBeside({ filters, children }: { filters: ReactNode; children: ReactNode }) {
  return (
    <Group align="flex-start" wrap="nowrap" gap="lg">
      <Box component="section" aria-labelledby={`${FILTERS_ID}-title`} id={FILTERS_ID} w={230} style={{ flex: 'none' }}>
        <Stack gap="md">
          <Title order={2} size="h4" id={`${FILTERS_ID}-title`}>
            Filters
          </Title>
          {filters}
        </Stack>
      </Box>
      <Stack style={{ flex: 1, minWidth: 0 }}>{children}</Stack>
    </Group>
  );
}

/** Below 1200 px: the filters in the panel the toolbar's 'Filters' button opens. */
export function FiltersPanel({ children }: { children: ReactNode }) {
  return (
    <Paper component="section" withBorder p="sm" id={FILTERS_ID} aria-label="Filters">
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}

/** 'Clear filters': beside the filters, and under 'No products match your search.'. */
export function ClearFiltersButton({ onClear }: { onClear: () => void }) {
  return (
    <Button variant="subtle" size="compact-sm" onClick={onClear} style={{ alignSelf: 'flex-start' }}>
      Clear filters
    </Button>
  );
}
