import { useState } from 'react';
import { Anchor, Checkbox, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  CATALOG_AVAILABILITIES,
  CATALOG_AVAILABILITY_LABELS,
  CATALOG_FACET_GROUP_LABELS,
  formatCount,
  type CatalogAvailability,
} from '@portal/domain/rules';
import type { CatalogFacets, FacetCount } from '@portal/domain';
import { facetCountOf, facetOptionsOf, shownFacetOptions } from './facet-options';
import type { CatalogQuery } from './catalog-query';

export type FilterChange = Partial<Pick<CatalogQuery, 'brand' | 'category' | 'availability'>>;

type CatalogFiltersProps = {
  facets: CatalogFacets;
  query: CatalogQuery;
  onChange: (change: FilterChange) => void;
  /** How the groups sit: one under the other (the side column, a phone) or side by side. */
  columns: 1 | 3;
};

/** A value and its count, the count dimmed and part of the name ("Apex Lifting (12)"). */
function CountedLabel({ value, count }: { value: string; count: number | null }) {
  return (
    <>
      {value}
      {count !== null && (
        <Text component="span" size="sm" c="dimmed">
          {' '}
          ({formatCount(count)})
        </Text>
      )}
    </>
  );
}

type FacetGroupProps = {
  label: string;
  facet: readonly FacetCount[];
  chosen: string[];
  onChange: (values: string[]) => void;
};

/** A group of boxes, one per value of a facet; long groups show their first values until 'Show all'. */
function FacetGroup({ label, facet, chosen, onChange }: FacetGroupProps) {
  const [showAll, setShowAll] = useState(false);
  const options = facetOptionsOf(facet, chosen);
  const shown = shownFacetOptions(options, chosen, showAll);
  return (
    <Checkbox.Group label={label} value={chosen} onChange={onChange}>
      <Stack gap={6} mt={6}>
        {shown.map((option) => (
          <Checkbox key={option.value} value={option.value} label={<CountedLabel value={option.value} count={option.count} />} />
        ))}
        {options.length === 0 && (
          <Text size="sm" c="dimmed">
            None in these results
          </Text>
        )}
        {(showAll || shown.length < options.length) && (
          <Anchor component="button" type="button" size="sm" ta="left" onClick={() => setShowAll(!showAll)}>
            {showAll ? `Show fewer ${label.toLowerCase()} values` : `Show all ${formatCount(options.length)} ${label.toLowerCase()} values`}
          </Anchor>
        )}
      </Stack>
    </Checkbox.Group>
  );
}

/**
 * The filter groups of the catalog screen (interface contract: 'Brand', 'Category' and
 * 'Availability'), each value with the count the search answered for it (counted with the other
 * groups' filters applied). Brand and category take several values; availability is one choice,
 * 'All products' meaning no filter.
 */
export function CatalogFilters({ facets, query, onChange, columns }: CatalogFiltersProps) {
  const availability = query.availability ?? 'any';
  const groups = [
    <FacetGroup
      key="brand"
      label={CATALOG_FACET_GROUP_LABELS.brand}
      facet={facets.brand}
      chosen={query.brand}
      onChange={(brand) => onChange({ brand })}
    />,
    <FacetGroup
      key="category"
      label={CATALOG_FACET_GROUP_LABELS.category}
      facet={facets.category}
      chosen={query.category}
      onChange={(category) => onChange({ category })}
    />,
    <Radio.Group
      key="availability"
      label={CATALOG_FACET_GROUP_LABELS.availability}
      value={availability}
      onChange={(value) => onChange({ availability: value === 'any' ? null : (value as CatalogAvailability) })}
    >
      <Stack gap={6} mt={6}>
        {CATALOG_AVAILABILITIES.map((value) => (
          <Radio
            key={value}
            value={value}
            label={<CountedLabel value={CATALOG_AVAILABILITY_LABELS[value]} count={facetCountOf(facets.availability, value)} />}
          />
        ))}
      </Stack>
    </Radio.Group>,
  ];
  return columns === 1 ? (
    <Stack gap="lg">{groups}</Stack>
  ) : (
    <SimpleGrid cols={3} spacing="xl">
      {groups}
    </SimpleGrid>
  );
}
