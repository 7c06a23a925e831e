import { describe, expect, it } from 'vitest';
import { BizError } from '../../lib/errors.ts';
import { parseNumbersCsv } from './csv.ts';
import { parseSimsCsv } from './csv-sims.ts';

function refusal(run: () => unknown): { id: string; params: unknown; field: string | undefined } {
  try {
    run();
  } catch (error) {
    if (error instanceof BizError) return { id: error.id, params: error.params, field: error.field };
    throw error;
  }
  throw new Error('no refusal');
}

describe('import CSV files', () => {
  it('reads quoted cells holding commas, quotes and newlines, numbering each row by the line it starts on', () => {
    const csv =
      '\uFEFFnumber,operator,province,city,price,note\r\n' +
      '13800000001,"China ""Mobile""","Guang\ndong",Shenzhen,"1,200",x\r\n' +
      '\r\n' +
      '13800000002,移动,广东,深圳\n';
    expect(parseNumbersCsv(csv)).toEqual([
      {
        line: 2,
        number: '13800000001',
        operator: 'China "Mobile"',
        province: 'Guang\ndong',
        city: 'Shenzhen',
        price: '1,200',
        prestored: '',
      },
      { line: 5, number: '13800000002', operator: '移动', province: '广东', city: '深圳', price: '', prestored: '' },
    ]);
  });

  it('takes Chinese column names and trims cells', () => {
    expect(parseSimsCsv('卡号, iccid ,运营商,店铺,设备号\n 1440000000099 ,8986001,mobile,P1, D-7 \n')).toEqual([
      { line: 2, simNo: '1440000000099', iccid: '8986001', operator: 'mobile', promoCode: 'P1', deviceNo: 'D-7', slot: '' },
    ]);
  });

  it('refuses a quote left open, naming the line', () => {
    expect(refusal(() => parseNumbersCsv('number,operator,province,city\n13800000001,"Mobile,广东,深圳\n'))).toEqual({
      id: 'numbersImport.badCsv',
      params: { line: 2 },
      field: 'csv',
    });
  });

  it('refuses a header without the required columns, a file without rows, and too many rows', () => {
    expect(refusal(() => parseSimsCsv('iccid,simNo,operator\n1,2,3\n')).id).toBe('simsImport.badHeader');
    expect(refusal(() => parseNumbersCsv('number,operator,province,city\n\n\n')).id).toBe('numbersImport.noRows');
    const rows = Array.from({ length: 20_001 }, (_, i) => `8986${i},1440${i},mobile,P1`).join('\n');
    expect(refusal(() => parseSimsCsv(`iccid,simNo,operator,promoCode\n${rows}`))).toEqual({
      id: 'simsImport.tooManyRows',
      params: { max: 20000 },
      field: 'csv',
    });
  });
});
