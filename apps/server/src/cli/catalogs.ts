/**
 * `catalogs`, `price-lists` and `warehouses` create|list: what a database without the demo data needs
 * before products, prices and stock can be imported (server-rules "Catalog, price and availability").
 */
import { STATE_CODES } from '@portal/domain/rules';
import { HttpError } from '../http/errors.js';
import { createCatalog, createPriceList, createWarehouse, listCatalogs, listPriceLists, listWarehouses } from '../modules/catalog/index.js';
import { CliError, listArg, parseCommand, usageError, wholeNumberArg, type CliContext } from './context.js';

export const CATALOGS_HELP = `usage: npm run portal -- <catalogs|price-lists|warehouses> <create|list> ...

  catalogs create ID --label=LABEL [--price-list=ID] [--ships-only-from=WAREHOUSE]
      a catalog (ID: letters, digits, - or _); without --price-list a new price list is made for it;
      --ships-only-from: the catalog ships only from that warehouse (as the show catalog from SHW2)
  catalogs list
  price-lists create NAME       a price list (a catalog's, or an organization's own: orgs update --price-list)
  price-lists list
  warehouses create CODE --name=NAME [--region-states=CO,WY,...]
      a warehouse; the states it serves count its stock as "in region"
  warehouses list

options:
  -h, --help    this help`;

const OPTIONS = {
  label: { type: 'string' },
  'price-list': { type: 'string' },
  'ships-only-from': { type: 'string' },
  name: { type: 'string' },
  'region-states': { type: 'string' },
} as const;

export async function catalogsCommand(kind: 'catalogs' | 'price-lists' | 'warehouses', args: string[], ctx: CliContext): Promise<void> {
  const { values, positionals } = parseCommand(args, OPTIONS, CATALOGS_HELP);
  if (values.help) return ctx.out(CATALOGS_HELP);
  const [action, ...rest] = positionals;
  if (action === 'list') {
    if (rest.length) throw usageError(`${kind} list takes no argument.`);
    const db = await ctx.database();
    if (kind === 'catalogs')
      for (const c of await listCatalogs(db))
        ctx.out(`${c.id}\t${c.label}\tprice list ${c.priceListId}${c.shipsOnlyFrom ? `\tships only from ${c.shipsOnlyFrom}` : ''}`);
    else if (kind === 'price-lists') for (const p of await listPriceLists(db)) ctx.out(`${p.id}\t${p.name}`);
    else for (const w of await listWarehouses(db)) ctx.out(`${w.code}\t${w.name}\t${w.regionStates.join(',') || '-'}`);
    return;
  }
  if (action !== 'create')
    throw usageError(`${action ? `Unknown ${kind} command "${action}"` : `${kind} needs a command`}.\n\n${CATALOGS_HELP}`);
  try {
    await create(kind, rest, values, ctx);
  } catch (error) {
    if (error instanceof HttpError) throw new CliError(error.message);
    throw error;
  }
}

/** `<kind> create ...`: the arguments checked here, the rest by the catalog module (catalogs-setup.ts). */
async function create(
  kind: 'catalogs' | 'price-lists' | 'warehouses',
  rest: string[],
  values: { [K in keyof typeof OPTIONS]?: string },
  ctx: CliContext,
): Promise<void> {
  if (kind === 'price-lists') {
    const name = rest.join(' ').trim();
    if (!name || name.length > 200) throw usageError('price-lists create needs a NAME of 1 to 200 characters.');
    const row = await createPriceList(await ctx.database(), name);
    ctx.out(`Created price list ${row.id} "${row.name}".`);
    return;
  }

  if (kind === 'warehouses') {
    const [code, ...extra] = rest;
    if (!code || extra.length || !/^[A-Z0-9]{2,10}$/.test(code))
      throw usageError('warehouses create needs one CODE of 2 to 10 capital letters or digits.');
    const name = values.name?.trim();
    if (!name || name.length > 200) throw usageError('warehouses create needs --name=NAME.');
    const states = listArg(values['region-states']?.toUpperCase());
    const unknown = states.find((s) => !(STATE_CODES as readonly string[]).includes(s));
    if (unknown) throw usageError(`"${unknown}" is not a state code.`);
    await createWarehouse(await ctx.database(), { code, name, regionStates: states });
    ctx.out(`Created warehouse ${code} "${name}".`);
    return;
  }

  const [id, ...extra] = rest;
  if (!id || extra.length || !/^[A-Za-z0-9_-]{1,50}$/.test(id))
    throw usageError('catalogs create needs one ID of letters, digits, - or _ (at most 50).');
  const label = values.label?.trim();
  if (!label || label.length > 200) throw usageError('catalogs create needs --label=LABEL.');
  const priceListId = values['price-list'] === undefined ? undefined : wholeNumberArg(values['price-list'], '--price-list');
  const shipsOnlyFrom = values['ships-only-from']?.trim();
  const created = await createCatalog(await ctx.database(), { id, label, priceListId, shipsOnlyFrom });
  ctx.out(`Created catalog ${created.id} "${created.label}" with price list ${created.priceListId}.`);
}
