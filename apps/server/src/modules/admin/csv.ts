import { MAX_IMPORT_ROWS } from '@simshop/contract/admin';
import type { ImportLine } from '../numbers/service.ts';
import { readCsvTable } from './csv-table.ts';

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

/** The lines of a numbers CSV (a header naming the columns first; blank lines skipped), numbered as in the file. */
export function parseNumbersCsv(csv: string): ImportLine[] {
  return readCsvTable(csv, {
    columns: COLUMNS,
    required: ['number', 'operator', 'province', 'city'],
    max: MAX_IMPORT_ROWS,
    refusals: {
      badCsv: 'numbersImport.badCsv',
      badHeader: 'numbersImport.badHeader',
      noRows: 'numbersImport.noRows',
      tooManyRows: 'numbersImport.tooManyRows',
    },
    blank: { number: '', operator: '', province: '', city: '', price: '', prestored: '' },
  });
}
