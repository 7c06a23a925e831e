import { CsvError, parse } from 'csv-parse/sync';
import { invalid } from '../../lib/errors.ts';

/** How an import's CSV is read: its column names (lower case, in English or Chinese) and limits. */
export interface CsvTable<K extends string> {
  columns: Record<string, K>;
  /** Columns the header must name. */
  required: readonly K[];
  /** Rows at most in one file. */
  max: number;
  /** The refusals of this kind of import. */
  refusals: {
    badCsv: 'numbersImport.badCsv' | 'simsImport.badCsv';
    badHeader: 'numbersImport.badHeader' | 'simsImport.badHeader';
    noRows: 'numbersImport.noRows' | 'simsImport.noRows';
    tooManyRows: 'numbersImport.tooManyRows' | 'simsImport.tooManyRows';
  };
  /** Every column's value when its cell is missing. */
  blank: Record<K, string>;
}

/** The line of the file a record starts on: csv-parse counts the line it ends on (a quoted cell may hold newlines). */
function startLine(endLine: number, raw: string): number {
  const own = raw.replace(/^(?:\r?\n)+/, '').replace(/\r?\n$/, '');
  return endLine - (own.match(/\n/g)?.length ?? 0);
}

/**
 * The rows of an import CSV (RFC 4180: commas, double-quoted cells that may hold commas, quotes as "" and
 * newlines; a byte-order mark and blank lines are skipped), each numbered by the line of the file it starts
 * on. The first row names the columns; unknown columns are ignored.
 */
export function readCsvTable<K extends string>(csv: string, table: CsvTable<K>): Array<{ line: number } & Record<K, string>> {
  let records: { record: string[]; info: { lines: number }; raw: string }[];
  try {
    // With info and raw, csv-parse gives each record with its position and text (its types say string[][]).
    records = parse(csv, {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
      raw: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) throw invalid('csv', table.refusals.badCsv, { line: Number(error.lines) || 1 });
    throw error;
  }
  const [head, ...rows] = records;
  const header = (head?.record ?? []).map((name) => table.columns[name.toLowerCase()]);
  for (const need of table.required) if (!header.includes(need)) throw invalid('csv', table.refusals.badHeader);
  if (rows.length > table.max) throw invalid('csv', table.refusals.tooManyRows, { max: table.max });
  if (rows.length === 0) throw invalid('csv', table.refusals.noRows);
  return rows.map(({ record, info, raw }) => {
    const cells: Record<string, string> = { ...table.blank };
    record.forEach((value, j) => {
      const key = header[j];
      if (key) cells[key] = value;
    });
    return { line: startLine(info.lines, raw), ...(cells as Record<K, string>) };
  });
}
