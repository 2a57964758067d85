import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { formatMoney } from '@portal/domain/rules';
import type { CatalogSuggestion } from '@portal/domain';
import { useCatalogSuggestions, wantsSuggestions } from '../api/suggest-catalog';
import { nextActiveIndex } from './suggestion-keys';

/** Inline, as the catalog's first drawing waits for no stylesheet of its own (issue 21); the options: app/global.css. */
const FORM_STYLE = { position: 'relative' } as const;
const LIST_STYLE = {
  position: 'absolute',
  top: '100%',
  left: 0,
  right: 0,
  zIndex: 300,
  marginTop: 4,
  padding: 4,
  listStyle: 'none',
} as const;

/** Pause in typing before suggestions are asked for. */
const SUGGEST_DEBOUNCE_MS = 200;

type KeywordSearchProps = {
  /** The keywords of the page's address: the box shows them again when the address changes. */
  keywords: string;
  catalogId: string;
  branchNumber: number | null;
  shipToState: string | null;
  /** Enter or 'Search': search the typed text. */
  onSearch: (keywords: string) => void;
  /** A suggestion chosen: open that product. */
  onOpenProduct: (sku: string) => void;
};

/** The id of the list's option at `index`: the box names the active one (aria-activedescendant). */
const optionIdOf = (listId: string, index: number) => `${listId}-option-${index}`;

type SuggestionListProps = {
  listId: string;
  options: CatalogSuggestion[];
  /** The option the arrow keys reached (-1: none). */
  activeIndex: number;
  onChoose: (option: CatalogSuggestion) => void;
};

/** The suggestions under the box: each product's label, SKU and price. */
function SuggestionList({ listId, options, activeIndex, onChoose }: SuggestionListProps) {
  return (
    <Paper component="ul" role="listbox" id={listId} aria-label="Product suggestions" shadow="md" withBorder style={LIST_STYLE}>
      {options.map((option, index) => (
        <li
          key={option.sku}
          id={optionIdOf(listId, index)}
          role="option"
          aria-selected={index === activeIndex}
          data-sku={option.sku}
          className="portal-suggestion"
          // The box keeps the focus (a blur would close the list before the click lands).
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(option)}
        >
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} lineClamp={2}>
              {option.label}
            </Text>
            <Text size="xs" c="dimmed">
              {option.sku}
            </Text>
          </div>
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(option.price)}
          </Text>
        </li>
      ))}
    </Paper>
  );
}

/**
 * What is typed in the box. The keywords of the page's address replace it when they change (a
 * search, back or forward), set during the render so the box never shows the old ones first.
 */
function useDraft(keywords: string) {
  const [draft, setDraft] = useState(keywords);
  const [shownKeywords, setShownKeywords] = useState(keywords);
  if (shownKeywords !== keywords) {
    setShownKeywords(keywords);
    setDraft(keywords);
  }
  return [draft, setDraft] as const;
}

/**
 * The catalog's keyword box (spec 2 "Catalog"; issue 32 "Suggestions as you type"): a combobox
 * (WAI-ARIA 1.2, list autocomplete) whose options are `GET /api/catalog/suggest`'s products for what
 * is typed, asked once typing pauses. Choosing one (click, or arrows then Enter) opens that product,
 * what a dealer picking a named product wants; Enter without a chosen option, or 'Search', searches
 * the typed text. What is typed lives here, so each key redraws the box and not the page's twenty
 * products, and no answer ever writes into the box (forms keep what is typed, issue 31).
 *
 * Written on plain elements rather than Mantine's Combobox: that one positions its list with
 * floating-ui, which the catalog's first drawing must not load (issue 21, vite.config.ts
 * withoutPackages); the list here simply hangs under the box.
 */
export function KeywordSearch({ keywords, catalogId, branchNumber, shipToState, onSearch, onOpenProduct }: KeywordSearchProps) {
  const [draft, setDraft] = useDraft(keywords);
  // Suggestions follow typing only: not the box's value as a page opens or after a search.
  const [typing, setTyping] = useState(false);
  const [open, setOpen] = useState(false);
  const [activeSku, setActiveSku] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(draft, SUGGEST_DEBOUNCE_MS);
  const suggestions = useCatalogSuggestions({ q: typing ? debounced : '', catalog: catalogId, branchNumber, shipToState });
  const options: CatalogSuggestion[] = typing && wantsSuggestions(draft) ? (suggestions.data ?? []) : [];
  const expanded = open && options.length > 0;
  const activeIndex = expanded ? options.findIndex((option) => option.sku === activeSku) : -1;

  const listId = useId();

  const close = () => {
    setOpen(false);
    setActiveSku(null);
  };
  const stopSuggesting = () => {
    setTyping(false);
    close();
  };
  const choose = (option: CatalogSuggestion) => {
    stopSuggesting();
    onOpenProduct(option.sku);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    stopSuggesting();
    onSearch(draft.trim());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const next = nextActiveIndex(activeIndex, options.length, event.key === 'ArrowDown' ? 1 : -1);
      setActiveSku(options[next]!.sku);
    } else if (event.key === 'Enter') {
      // A chosen suggestion opens; otherwise Enter goes on to the form: the search of the typed text.
      if (activeIndex >= 0) {
        event.preventDefault();
        choose(options[activeIndex]!);
      } else stopSuggesting();
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      close();
    }
  };

  return (
    <form onSubmit={submit} role="search" aria-label="Catalog search" style={FORM_STYLE}>
      <Group align="flex-end" wrap="nowrap" gap="sm">
        <TextInput
          label="Keywords"
          placeholder="SKU, brand, name or description"
          value={draft}
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            setTyping(true);
            setOpen(true);
            setActiveSku(null);
          }}
          onFocus={() => setOpen(true)}
          onBlur={close}
          onKeyDown={onKeyDown}
          style={{ flex: 1, minWidth: 0 }}
          maxLength={200}
          enterKeyHint="search"
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={expanded ? listId : undefined}
          aria-activedescendant={activeIndex >= 0 ? optionIdOf(listId, activeIndex) : undefined}
        />
        <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
          Search
        </Button>
      </Group>
      {expanded && <SuggestionList listId={listId} options={options} activeIndex={activeIndex} onChoose={choose} />}
    </form>
  );
}
