/**
 * `import synonyms FILE --catalog=ID` (issue 32, interface-contract "Synonyms"): the catalog's
 * synonym sets from a CSV file, one set per line, its terms separated by commas (empty cells, such
 * as a spreadsheet's padding, are ignored). Like the integration API's PUT, the file replaces every
 * set of the catalog; each line is checked first and one bad line writes nothing.
 */
import { parse } from 'csv-parse/sync';
import { SYNONYM_MAX_SETS } from '@portal/domain/rules';
import { synonymSetSchema } from '@portal/domain';
import { HttpError } from '../http/errors.js';
import { replaceCatalogSynonyms } from '../modules/catalog/index.js';
import { CliError, readInputFile, type CliContext } from './context.js';

/** The sets of a synonyms file, or CliError listing every bad line (`Line N: ...`). */
export function readSynonymsCsv(input: string | Buffer): string[][] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(input, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new CliError(
      `The file is not valid CSV${line ? ` (line ${line})` : ''}: ${(error as Error).message.replace(/^Invalid [^:]*: /, '')}`,
    );
  }
  const sets: string[][] = [];
  const errors: string[] = [];
  for (const { record, info } of records) {
    const terms = record.map((cell) => cell.trim()).filter(Boolean);
    if (terms.length === 0) continue;
    const parsed = synonymSetSchema.safeParse({ terms });
    if (parsed.success) sets.push(parsed.data.terms);
    else for (const issue of parsed.error.issues) errors.push(`Line ${info.lines}: ${issue.message}`);
  }
  if (sets.length > SYNONYM_MAX_SETS) errors.push(`The file has ${sets.length} sets; a catalog has at most ${SYNONYM_MAX_SETS}.`);
  if (errors.length > 0) throw new CliError([...errors, 'Nothing was imported.'].join('\n'));
  return sets;
}

export async function importSynonymsCommand(file: string, catalogId: string, ctx: CliContext): Promise<void> {
  const text = await readInputFile(file);
  let sets: string[][];
  try {
    sets = readSynonymsCsv(text);
  } catch (error) {
    if (error instanceof CliError) throw new CliError(`${file}: ${error.message}`);
    throw error;
  }
  const db = await ctx.database();
  try {
    const stored = await replaceCatalogSynonyms(db, catalogId, sets);
    ctx.out(`${file}: catalog ${catalogId} has ${stored.length} synonym set${stored.length === 1 ? '' : 's'} now.`);
  } catch (error) {
    if (error instanceof HttpError) throw new CliError(`${file}: ${error.message}`);
    throw error;
  }
}
