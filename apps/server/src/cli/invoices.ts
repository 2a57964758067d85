/**
 * `import invoices FILE` (issue 36, interface-contract "Account statement"): the invoices of the
 * manufacturer's systems from a CSV file, through the account module's import, the same as
 * `PUT /api/integration/invoices`: every row checked first, each bad row listed with its line,
 * nothing written unless every row is valid; a file imported twice writes nothing the second time.
 */
import { invoiceRowsOf, importInvoices } from '../modules/account/index.js';
import { ImportFileError, ImportRejectedError, describeRowErrors } from '../modules/imports/index.js';
import { CliError, readInputFile, type CliContext } from './context.js';

export async function importInvoicesCommand(file: string, ctx: CliContext): Promise<void> {
  const text = (await readInputFile(file)).toString('utf8');
  try {
    const { place, rows } = invoiceRowsOf(text);
    const db = await ctx.database();
    const outcome = await importInvoices(db, place, rows);
    ctx.out(`${file}: ${outcome.rows} rows: ${outcome.inserted} inserted, ${outcome.updated} updated, ${outcome.unchanged} unchanged.`);
  } catch (error) {
    if (error instanceof ImportRejectedError) {
      for (const message of describeRowErrors(error.place, error.errors, error.invalidRows)) ctx.err(message.message);
      throw new CliError(`${file}: ${error.message}`);
    }
    if (error instanceof ImportFileError) throw new CliError(`${file}: ${error.message}`);
    throw error;
  }
}
