/**
 * `import serials FILE` (issue 37, interface-contract "Equipment"): the manufacturer's register of
 * serials sold, from a CSV file or a JSON array, through the equipment module's import, the same as
 * `PUT /api/integration/serials`: every row checked first, each bad row listed with its line (or
 * row), nothing written unless every row is valid; a file imported twice writes nothing the second time.
 */
import { importSerials, serialRowsOf } from '../modules/equipment/index.js';
import { ImportFileError, ImportRejectedError, describeRowErrors } from '../modules/imports/index.js';
import { CliError, readInputFile, type CliContext } from './context.js';

/** A file whose first non-blank character opens an array is JSON; anything else is read as CSV. */
function bodyOf(file: string, text: string): unknown {
  if (!text.trimStart().startsWith('[')) return text;
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed) && parsed.every((row) => typeof row === 'object' && row !== null && !Array.isArray(row))) return parsed;
  } catch (error) {
    throw new CliError(`${file}: not valid JSON: ${(error as Error).message}.`);
  }
  throw new CliError(`${file}: a JSON file must be an array of rows (objects with the column names as fields).`);
}

export async function importSerialsCommand(file: string, ctx: CliContext): Promise<void> {
  const text = (await readInputFile(file)).toString('utf8');
  try {
    const { place, rows } = serialRowsOf(bodyOf(file, text));
    const db = await ctx.database();
    const outcome = await importSerials(db, place, rows);
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
