import { MAX_SIM_IMPORT_ROWS } from '@simshop/contract/admin-sims';
import { invalid } from '../../lib/errors.ts';
import type { SimImportLine } from '../iot-sims/service.ts';
import { cells } from './csv.ts';

const COLUMNS: Record<string, keyof Omit<SimImportLine, 'line'>> = {
  iccid: 'iccid',
  simno: 'simNo',
  sim_no: 'simNo',
  卡号: 'simNo',
  operator: 'operator',
  运营商: 'operator',
  promocode: 'promoCode',
  promo_code: 'promoCode',
  店铺: 'promoCode',
  deviceno: 'deviceNo',
  device_no: 'deviceNo',
  设备号: 'deviceNo',
  slot: 'slot',
  卡槽: 'slot',
};

/** The lines of a SIM CSV (a header naming the columns first; blank lines skipped), numbered as in the file. */
export function parseSimsCsv(csv: string): SimImportLine[] {
  const rows = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = cells(rows[0] ?? '').map((h) => COLUMNS[h.toLowerCase()]);
  for (const need of ['iccid', 'simNo', 'operator', 'promoCode'] as const)
    if (!header.includes(need)) throw invalid('csv', 'simsImport.badHeader');
  const lines: SimImportLine[] = [];
  for (let i = 1; i < rows.length; i++) {
    const raw = rows[i]!;
    if (raw.trim() === '') continue;
    if (lines.length >= MAX_SIM_IMPORT_ROWS) throw invalid('csv', 'simsImport.tooManyRows', { max: MAX_SIM_IMPORT_ROWS });
    const line: SimImportLine = { line: i + 1, iccid: '', simNo: '', operator: '', promoCode: '', deviceNo: '', slot: '' };
    cells(raw).forEach((v, j) => {
      const key = header[j];
      if (key) line[key] = v;
    });
    lines.push(line);
  }
  if (lines.length === 0) throw invalid('csv', 'simsImport.noRows');
  return lines;
}
