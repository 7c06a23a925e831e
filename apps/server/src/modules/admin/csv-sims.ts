import { MAX_SIM_IMPORT_ROWS } from '@simshop/contract/admin-sims';
import type { SimImportLine } from '../iot-sims/service.ts';
import { readCsvTable } from './csv-table.ts';

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
  return readCsvTable(csv, {
    columns: COLUMNS,
    required: ['iccid', 'simNo', 'operator', 'promoCode'],
    max: MAX_SIM_IMPORT_ROWS,
    refusals: {
      badCsv: 'simsImport.badCsv',
      badHeader: 'simsImport.badHeader',
      noRows: 'simsImport.noRows',
      tooManyRows: 'simsImport.tooManyRows',
    },
    blank: { iccid: '', simNo: '', operator: '', promoCode: '', deviceNo: '', slot: '' },
  });
}
