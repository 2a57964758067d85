/**
 * Where each process keeps its catalogs' search indexes (search-index.ts) and how they follow the
 * database (decision 023), with any number of server processes:
 *  - an index is built for one catalog search version (catalog_search_totals.version, moved by the
 *    triggers in the same transaction as any change of the catalog's search rows, its synonyms or
 *    its popularity): rows, prices, stock and the data revision read in one snapshot, the rows
 *    through a cursor in batches and the build in slices that let requests run between them;
 *  - a version moved only by 'Featured' recounts (its content version, drizzle/0033, unchanged)
 *    does not rebuild the index: the products' popularity is read again and given to it;
 *  - stock and price changes move only the catalog data revision (0013); the rows they change carry
 *    that revision (0025: catalog_search.stock_revision, catalog_prices.revision), handed out in
 *    commit order, so the index asks for the rows stamped after the revision it has applied;
 *  - a search reads the version and revision with the catalog (visibleCatalogSql) and uses the index
 *    only when it is built for that version and has applied at least that revision. Otherwise the
 *    search runs in SQL (repository.ts), exactly as before, while the index is (re)built in the
 *    background; a small catalog (SMALL_CATALOG products or fewer) is built at once instead.
 * Every process follows on its own, through the database. A move of the data revision is also
 * announced on commit (migration 0031) and heard on the process's listening connection: the held
 * indexes are marked behind and caught up before the next search orders on them (followDataRevision),
 * so that search is not refused afterwards; without the notification the check above still holds.
 */
import type { Database } from '../../db/client.js';
import { collectGarbage } from '../../process/collect-garbage.js';
import { perDatabase } from '../../db/read-cache.js';
import type { PricingContext } from './catalog-access.js';
import { listCatalogRows } from './catalogs-repository.js';
import { CatalogSearchIndex, IndexRowsBuilder, type IndexWarehouse } from './search-index.js';
import {
  currentSearchVersion,
  readIndexChanges,
  readIndexSnapshot,
  readOrganizationPrices,
  type IndexChange,
  type IndexRowSink,
} from './search-index-repository.js';
import { StockBook } from './stock-book.js';
import { learnLabelWords } from './tsquery-readings.js';

/** Catalogs this size or smaller are built while the search waits (a few ms); larger ones in the background. */
export const SMALL_CATALOG = 20_000;

const RETRY_FAILED_BUILD_MS = 60_000;

/** An index, the search version and content version (drizzle/0033) it answers for, and the data revision it has applied. */
type Built = { version: number; contentVersion: number; revision: bigint; index: CatalogSearchIndex };
/** A build under way: the version it reads, and whether it only reads the popularity again (known once it read the versions). */
type Building = { version: number; done: Promise<Built | undefined>; popularityOnly: Promise<boolean> };
type Kept = {
  built?: Built;
  building?: Building;
  /** The delta under way. */
  catchingUp?: Promise<void>;
  /** A move of the data revision was heard since the last catch-up started (followDataRevision). */
  behind?: boolean;
  /** A build that failed (say, more warehouses than the index holds): not tried again for a minute. */
  failed?: { version: number; at: number };
};

const keptOf = perDatabase(() => new Map<string, Kept>());

/**
 * Per database handle: while this is set, a large catalog's index is not built on a search's demand
 * (the search runs in SQL): the process's start holds builds until its first 'Featured' recount is
 * done (routes.ts), since a recount that changes counts moves the search version and an index built
 * before it would at once be built again.
 */
const buildsHeld = perDatabase(() => ({ until: undefined as Promise<void> | undefined }));

/** Holds large catalogs' builds on demand until `until` settles (the caller then preloads them). */
export function holdBuildsUntil(db: Database, until: Promise<void>): void {
  const held = buildsHeld(db);
  const settled = until.then(
    () => undefined,
    () => undefined,
  );
  held.until = settled;
  void settled.then(() => {
    if (held.until === settled) held.until = undefined;
  });
}

/**
 * Per database handle: the start's first builds of its catalogs' indexes while they run (routes.ts
 * preloads them after the first 'Featured' recount). Until they are done the process answers
 * searches in SQL, hundreds of milliseconds where the index takes a few on the M set, so its
 * readiness probe says so (`/api/health/ready`, app.ts) and a load balancer waits for it.
 */
const warmUps = perDatabase(() => ({ running: 0 }));

/** Counts `warmUp` (the start's builds) as running until it settles, fulfilled or not. */
export function noteSearchWarmUp(db: Database, warmUp: Promise<unknown>): void {
  const state = warmUps(db);
  state.running++;
  const done = () => {
    state.running--;
  };
  void warmUp.then(done, done);
}

/** Whether the start's builds of this process's catalog search indexes are still running. */
export function searchWarmingUp(db: Database): boolean {
  return warmUps(db).running > 0;
}

/** Whether the in-process index is used at all (CATALOG_SEARCH_INDEX=off keeps every search in SQL). */
let enabled = process.env.CATALOG_SEARCH_INDEX !== 'off';
export function setSearchIndexEnabled(on: boolean): void {
  enabled = on;
}

/**
 * Builds a catalog's index from one snapshot of its rows; or, when only 'Featured' recounts moved
 * its search version since `held` was built (its content version is still the catalog's), gives
 * `held` the products' new popularity instead: a read of a few hundred milliseconds on the M set
 * (mostly the database's), where a build takes seconds, and the hourly recount would build every
 * index again.
 * `plan` hears which of the two it is as soon as the snapshot's versions are read.
 */
async function build(db: Database, catalogId: string, held: Built | undefined, plan: (popularityOnly: boolean) => void): Promise<Built> {
  let rows: IndexRowsBuilder | undefined;
  let stockBook: StockBook | undefined;
  const rowsTo = (warehouses: IndexWarehouse[]): IndexRowSink => {
    const builder = (rows = new IndexRowsBuilder(warehouses));
    const book = (stockBook = new StockBook(warehouses, held?.index.size));
    return {
      add(batch) {
        builder.add(batch);
        for (const row of batch) book.append(row.stock ?? null, row.receipts ?? null);
      },
    };
  };
  let read = await readIndexSnapshot(db, catalogId, { rowsTo, heldContentVersion: held?.contentVersion, plan });
  if ('popularity' in read && held) {
    // Another recount's read, of a later version, was applied first.
    if (read.version <= held.version) return held;
    // Popularity and version move together, with no await between them: a search sees both or neither.
    if (held.index.setPopularity(read.popularity)) {
      held.version = read.version;
      return held;
    }
    // Not one count per product the index lists, which the content version says cannot be: build afresh.
    read = await readIndexSnapshot(db, catalogId, { rowsTo });
  }
  if ('popularity' in read || !rows) throw new Error('an index snapshot without rows');
  const { version, contentVersion, revision } = read;
  const index = await CatalogSearchIndex.finish(rows);
  stockBook?.trim();
  index.stockBook = stockBook;
  // Searches for the catalog's words then read their tsquery without a statement.
  await learnLabelWords(db, index.labelWordList());
  return { version, contentVersion, revision, index };
}

/** Applies the stock and price rows stamped after the revision the index has, and the warehouses as they are now. */
async function catchUp(db: Database, catalogId: string, built: Built): Promise<void> {
  const found = await readIndexChanges(db, catalogId, built.revision);
  if (found.revision <= built.revision) return;
  const { index } = built;
  index.setWarehouses(found.warehouses);
  index.stockBook?.setWarehouses(found.warehouses);
  for (const change of found.changes) {
    if (change.kind === 's') index.restock(change.sku, change.codes ?? []);
    else if (change.kind === 'p') index.reprice(change.sku, Number(change.price_cents), Number(change.msrp_cents));
    else restockBook(index, change);
  }
  built.index.dropOrganizationPrices(found.priceListsChanged);
  built.revision = found.revision;
}

/** A product's stock and receipts as stamped (drizzle/0034) into the index's stock book. */
function restockBook(index: CatalogSearchIndex, change: IndexChange): void {
  const o = index.ordinalOf(change.sku);
  if (o !== undefined) index.stockBook?.set(o, change.stock, change.receipts);
}

/**
 * Whether the catalog's `index` holds the organization price list, reading it when it does not:
 * false when it cannot be held now (the index is not this process's current one, or a catch-up went
 * past the revision the list was read at while it was read: it may have let a change of the list go
 * by), and the search orders in SQL this time. A held list is dropped by the catch-up that finds its
 * items stamped after the revision the index had (readIndexChanges), so it is never older than the
 * index's own prices.
 */
export async function organizationPricesHeld(db: Database, catalogId: string, index: CatalogSearchIndex, listId: number): Promise<boolean> {
  if (index.holdsOrganizationPrices(listId)) return true;
  const built = keptOf(db).get(catalogId)?.built;
  if (built?.index !== index) return false;
  const { revision, items } = await readOrganizationPrices(db, listId);
  if (revision < built.revision || keptOf(db).get(catalogId)?.built !== built) return false;
  index.holdOrganizationPrices(listId, items);
  return true;
}

function startBuild(db: Database, catalogId: string, kept: Kept, version: number): Building {
  if (kept.building && kept.building.version >= version) return kept.building;
  if (kept.failed && kept.failed.version >= version && Date.now() - kept.failed.at < RETRY_FAILED_BUILD_MS)
    return { version, done: Promise.resolve(undefined), popularityOnly: Promise.resolve(false) };
  let plan: (popularityOnly: boolean) => void = () => {};
  const popularityOnly = new Promise<boolean>((resolve) => (plan = resolve));
  const held = kept.built;
  const done = build(db, catalogId, held, plan).then(
    (built) => {
      if (!kept.built || kept.built.version < built.version) kept.built = built;
      // A large catalog's build let go of as much memory again as its index holds (and of the
      // index it replaced): handed back now rather than whenever V8 next needs room (decision 025).
      if (built.index !== held?.index && built.index.size > SMALL_CATALOG) void collectGarbage();
      return built;
    },
    () => {
      kept.failed = { version, at: Date.now() };
      return undefined;
    },
  );
  // A build that failed before it read the versions has no plan: it was no popularity read.
  void done.then(() => plan(false));
  const building = { version, done, popularityOnly };
  kept.building = building;
  void done.finally(() => {
    if (kept.building === building) delete kept.building;
  });
  return building;
}

/**
 * The catalog's index as of the caller's search version and data revision, or undefined when the
 * search should run in SQL this time (a larger catalog's index still being built, or disabled).
 */
export async function searchIndexFor(db: Database, ctx: PricingContext): Promise<CatalogSearchIndex | undefined> {
  if (!enabled || ctx.dataRevision === null) return undefined;
  const map = keptOf(db);
  let kept = map.get(ctx.catalogId);
  if (!kept) map.set(ctx.catalogId, (kept = {}));
  let built = kept.built;
  if (!built || built.version < ctx.searchVersion) {
    const large = ctx.productCount > SMALL_CATALOG;
    if (large && buildsHeld(db).until) return undefined;
    const building = startBuild(db, ctx.catalogId, kept, ctx.searchVersion);
    // A large catalog's build takes seconds, and the search runs in SQL meanwhile; a read of the
    // popularity after a recount takes a few hundred milliseconds at most, and the search waits for it.
    if (large && !(await building.popularityOnly)) return undefined;
    built = await building.done;
  }
  if (!built || built.version !== ctx.searchVersion) return undefined;
  const wanted = BigInt(ctx.dataRevision);
  while (built.revision < wanted) {
    const before = built.revision;
    if (!kept.catchingUp) catchUpNow(db, ctx.catalogId, kept);
    try {
      await kept.catchingUp;
    } catch {
      return undefined;
    }
    // A build for this same version replaced the one caught up: follow the kept one.
    if (kept.built && kept.built !== built && kept.built.version === built.version) built = kept.built;
    if (built.revision === before) return undefined;
  }
  return built.index;
}

/**
 * The data revision moved (a notification of migration 0031, heard on the process's listening
 * connection): every index this process holds is marked behind, and the next search on a held
 * index catches it up before ordering on it (heldSearchIndex). Before, that search found out only
 * afterwards, from the revision its statement read, and ran again: a quarter of the searches under
 * a feed. The catch-up waits for a search so that a process nobody searches does no work for it.
 */
export function followDataRevision(db: Database): void {
  if (!enabled) return;
  for (const kept of keptOf(db).values()) if (kept.built) kept.behind = true;
}

/** Starts a catch-up of the kept index, unless one is under way; a search waits for `kept.catchingUp`. */
function catchUpNow(db: Database, catalogId: string, kept: Kept): void {
  if (kept.catchingUp || !kept.built) return;
  // Moves heard from here on may come after what this catch-up reads: they mark it behind again.
  kept.behind = false;
  const running: Promise<void> = catchUp(db, catalogId, kept.built).finally(() => {
    if (kept.catchingUp === running) delete kept.catchingUp;
  });
  kept.catchingUp = running;
  running.catch(() => {});
}

/** How many catch-ups in a row a search waits for before answering on the index as it is. */
const MAX_WAITED_CATCH_UPS = 3;

/**
 * The index this process holds for the catalog (no build), caught up first when a move of the data
 * revision was heard since its last catch-up, with the search version it was built for and the
 * data revision it has applied: for a search that reads the catalog's version and revision
 * afterwards and uses what the index answered only when they agree (service.ts searchOnHeldIndex).
 */
export async function heldSearchIndex(db: Database, catalogId: string): Promise<Readonly<Built> | undefined> {
  if (!enabled) return undefined;
  const kept = keptOf(db).get(catalogId);
  for (let waited = 0; kept && (kept.behind || kept.catchingUp) && waited < MAX_WAITED_CATCH_UPS; waited++) {
    catchUpNow(db, catalogId, kept);
    await kept.catchingUp?.catch(() => {});
  }
  const built = kept?.built;
  return built && { ...built };
}

/** The index this process holds for the catalog now, as it is (no build, no catch-up). */
export function heldIndexOf(db: Database, catalogId: string): CatalogSearchIndex | undefined {
  return enabled ? keptOf(db).get(catalogId)?.built?.index : undefined;
}

/** For tests and the bench: builds (or waits for) the catalog's index at its current version. */
export async function buildSearchIndexNow(db: Database, catalogId: string): Promise<CatalogSearchIndex | undefined> {
  const map = keptOf(db);
  let kept = map.get(catalogId);
  if (!kept) map.set(catalogId, (kept = {}));
  return (await startBuild(db, catalogId, kept, await currentSearchVersion(db, catalogId)).done)?.index;
}

/**
 * Builds the index of every catalog in the background, one after the other (the server's start:
 * routes.ts), so the first searches after a start find it ready; `log` hears of each.
 */
export async function preloadSearchIndexes(
  db: Database,
  log: (catalogId: string, facts: { products: number; ms: number; approximateMb: number } | Error) => void,
): Promise<void> {
  if (!enabled) return;
  for (const { id } of await listCatalogRows(db)) {
    const started = performance.now();
    try {
      const index = await buildSearchIndexNow(db, id);
      if (index)
        log(id, {
          products: index.size,
          ms: Math.round(performance.now() - started),
          approximateMb: Math.round(index.approximateBytes / 2 ** 20),
        });
    } catch (error) {
      log(id, error as Error);
    }
  }
}
