import { MAX_IMPORT_ROWS } from '@simshop/contract/admin';
import { invalid } from '../../lib/errors.ts';
import type { ImportLine } from '../numbers/service.ts';

const COLUMNS: Record<string, keyof Omit<ImportLine, 'line'>> = {
  number: 'number',
  号码: 'number',
  operator: 'operator',
  运营商: 'operator',
  province: 'province',
  省份: 'province',
  city: 'city',
  城市: 'city',
  price: 'price',
  售价: 'price',
  prestored: 'prestored',
  预存: 'prestored',
};

/** One CSV line's cells: commas separate, double quotes may wrap a cell ("" is a quote). */
export function cells(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  out.push(cur.trim());
  return out;
}

/** The lines of a numbers CSV (a header naming the columns first; blank lines skipped), numbered as in the file. */
export function parseNumbersCsv(csv: string): ImportLine[] {
  const rows = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = cells(rows[0] ?? '').map((h) => COLUMNS[h.toLowerCase()]);
  for (const need of ['number', 'operator', 'province', 'city'] as const)
    if (!header.includes(need)) throw invalid('csv', 'numbersImport.badHeader');
  const lines: ImportLine[] = [];
  for (let i = 1; i < rows.length; i++) {
    const raw = rows[i]!;
    if (raw.trim() === '') continue;
    if (lines.length >= MAX_IMPORT_ROWS) throw invalid('csv', 'numbersImport.tooManyRows', { max: MAX_IMPORT_ROWS });
    const line: ImportLine = { line: i + 1, number: '', operator: '', province: '', city: '', price: '', prestored: '' };
    cells(raw).forEach((v, j) => {
      const key = header[j];
      if (key) line[key] = v;
    });
    lines.push(line);
  }
  if (lines.length === 0) throw invalid('csv', 'numbersImport.noRows');
  return lines;
}
