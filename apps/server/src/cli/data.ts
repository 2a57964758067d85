/**
 * `import catalog|stock|prices FILE` and `export catalog` (issue 18). The import is the service of
 * modules/imports, the same as the integration API's: the whole file checked first, each bad row
 * reported with its line, nothing written unless every row is valid (or --skip-invalid).
 */
import cliProgress from 'cli-progress';
import type { ImportKind } from '@portal/domain/rules';
import {
  exportCatalogFile,
  readImportCsv,
  ImportFileError,
  ImportRejectedError,
  describeRowErrors,
  runImport,
  type ImportTarget,
} from '../modules/imports/index.js';
import { CliError, parseCommand, readInputFile, usageError, wholeNumberArg, type CliContext } from './context.js';
import { importInvoicesCommand } from './invoices.js';
import { importSerialsCommand } from './serials.js';
import { importSynonymsCommand } from './synonyms.js';

export const IMPORT_HELP = `usage: npm run portal -- import <catalog|stock|prices|synonyms|invoices|serials> FILE [options]

  import catalog FILE --catalog=ID      products of a catalog, in the columns of the catalog CSV export
                                        (sku,brand,model,label,shortDescription,price,msrp,netAvailable,
                                        nextReceiptDate,weight,length,width,height,requiresFlatbed,
                                        requiresForkLift,requiresLiftGate,requiresResidential,isSmallParcel,
                                        category,warrantyMonths; required: sku,brand,label,msrp). Upserts products by SKU, lists them
                                        in the catalog, sets price in the catalog's price list.
                                        netAvailable and nextReceiptDate are read-only and ignored.
  import stock FILE                     stock on hand: sku,warehouse,quantity
  import prices FILE --price-list=ID    dealer net prices of a price list: sku,price
  import synonyms FILE --catalog=ID     the catalog's synonym sets, replacing them all: one set per line,
                                        its terms separated by commas (two post,2 post,2-post); 2 to 20
                                        terms of at most 100 characters per set, at most 1000 sets
  import invoices FILE                  invoices of the organizations, upserted by invoice number:
                                        invoiceNumber,organizationId,documentNumber,invoiceDate,dueDate,
                                        amount,balance,status (documentNumber optional; dates YYYY-MM-DD;
                                        amounts in dollars; status open, paid or void)
  import serials FILE                   the manufacturer's register of serials sold (CSV or a JSON array),
                                        upserted by serial number: serialNumber,sku,organizationId,shippedDate
                                        (shippedDate optional, YYYY-MM-DD); a dealer claims one with
                                        Register Equipment

options:
  --skip-invalid     write the valid rows and list the invalid ones (default: write nothing if any row is invalid)
  -h, --help         this help

Every row is checked before anything is written; bad rows are listed with their line number.
Importing the same file twice writes nothing the second time. Exit code 0 on success, 1 when the
file is refused, 2 on bad arguments.`;

export const EXPORT_HELP = `usage: npm run -s portal -- export catalog --catalog=ID [--output=FILE]

  Writes the catalog as CSV, in the columns 'import catalog' reads, priced at the catalog's own
  price list, to FILE or to standard output (npm's -s keeps npm's own banner out of the file).

options:
  --catalog=ID       the catalog (required)
  -o, --output=FILE  write to FILE instead of standard output
  -h, --help         this help`;

const KINDS: ImportKind[] = ['catalog', 'stock', 'prices'];

export async function importCommand(args: string[], ctx: CliContext): Promise<void> {
  const { values, positionals } = parseCommand(
    args,
    { catalog: { type: 'string' }, 'price-list': { type: 'string' }, 'skip-invalid': { type: 'boolean' } },
    IMPORT_HELP,
  );
  if (values.help) return ctx.out(IMPORT_HELP);
  const [kind, file, ...extra] = positionals;
  if (!kind || !(KINDS.includes(kind as ImportKind) || kind === 'synonyms' || kind === 'invoices' || kind === 'serials'))
    throw usageError(
      `import needs catalog, stock, prices, synonyms, invoices or serials${kind ? `, not "${kind}"` : ''}.\n\n${IMPORT_HELP}`,
    );
  if (!file) throw usageError(`import ${kind} needs the FILE to read.\n\n${IMPORT_HELP}`);
  if (extra.length > 0) throw usageError(`Unexpected argument "${extra[0]}".\n\n${IMPORT_HELP}`);
  if (kind === 'synonyms') {
    if (!values.catalog?.trim()) throw usageError('import synonyms needs --catalog=ID.');
    if (values['price-list'] !== undefined || values['skip-invalid'] !== undefined)
      throw usageError('import synonyms takes only --catalog: the file replaces every set, or nothing when a line is bad.');
    return importSynonymsCommand(file, values.catalog.trim(), ctx);
  }

  if (kind === 'invoices') {
    if (values.catalog !== undefined || values['price-list'] !== undefined || values['skip-invalid'] !== undefined)
      throw usageError('import invoices takes no options: the whole file is imported, or nothing when a row is bad.');
    return importInvoicesCommand(file, ctx);
  }

  if (kind === 'serials') {
    if (values.catalog !== undefined || values['price-list'] !== undefined || values['skip-invalid'] !== undefined)
      throw usageError('import serials takes no options: the whole file is imported, or nothing when a row is bad.');
    return importSerialsCommand(file, ctx);
  }

  let target: ImportTarget;
  if (kind === 'catalog') {
    if (!values.catalog?.trim()) throw usageError('import catalog needs --catalog=ID.');
    target = { kind: 'catalog', catalogId: values.catalog.trim() };
  } else if (kind === 'prices') {
    target = { kind: 'prices', priceListId: wholeNumberArg(values['price-list'], '--price-list') };
  } else target = { kind: 'stock' };
  if (kind !== 'catalog' && values.catalog !== undefined) throw usageError('--catalog is only for import catalog and import synonyms.');
  if (kind !== 'prices' && values['price-list'] !== undefined) throw usageError('--price-list is only for import prices.');

  const text = await readInputFile(file);

  const bar =
    ctx.isTty && ctx.progressStream
      ? new cliProgress.SingleBar(
          { stream: ctx.progressStream, format: 'importing [{bar}] {value}/{total} rows' },
          cliProgress.Presets.shades_classic,
        )
      : null;
  try {
    const rows = readImportCsv(target.kind, text);
    const db = await ctx.database();
    let started = false;
    const outcome = await runImport(db, target, 'Line', rows, {
      skipInvalid: values['skip-invalid'] ?? false,
      onProgress: (written, total) => {
        if (!bar) return;
        if (!started) bar.start(total, 0);
        started = true;
        bar.update(written);
      },
    });
    bar?.stop();
    for (const message of describeRowErrors('Line', outcome.errors, outcome.invalidRows)) ctx.err(`skipped ${message.message}`);
    ctx.out(
      `${file}: ${outcome.rows} rows: ${outcome.inserted} inserted, ${outcome.updated} updated, ${outcome.unchanged} unchanged, ${outcome.skipped} skipped.`,
    );
  } catch (error) {
    bar?.stop();
    if (error instanceof ImportRejectedError) {
      for (const message of describeRowErrors(error.place, error.errors, error.invalidRows)) ctx.err(`${message.message}`);
      throw new CliError(`${file}: ${error.message}`);
    }
    if (error instanceof ImportFileError) throw new CliError(`${file}: ${error.message}`);
    throw error;
  }
}

export async function exportCommand(
  args: string[],
  ctx: CliContext,
  writeFile: (path: string) => { write(chunk: string): Promise<void>; close(): Promise<void> },
): Promise<void> {
  const { values, positionals } = parseCommand(args, { catalog: { type: 'string' }, output: { type: 'string', short: 'o' } }, EXPORT_HELP);
  if (values.help) return ctx.out(EXPORT_HELP);
  if (positionals[0] !== 'catalog' || positionals.length > 1)
    throw usageError(
      `${positionals.length ? `Cannot export "${positionals.join(' ')}"` : 'export needs what to export'}: export catalog --catalog=ID.\n\n${EXPORT_HELP}`,
    );
  const catalogId = values.catalog?.trim();
  if (!catalogId) throw usageError('export catalog needs --catalog=ID.');
  const db = await ctx.database();
  const target = values.output ? writeFile(values.output) : { write: ctx.write, close: async () => {} };
  try {
    const count = await exportCatalogFile(db, catalogId, target.write);
    await target.close();
    ctx.err(`Exported ${count} products of catalog ${catalogId}${values.output ? ` to ${values.output}` : ''}.`);
  } catch (error) {
    await target.close();
    if (error instanceof ImportFileError) throw new CliError(error.message);
    throw error;
  }
}
