import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Space, Statistic, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api.ts';

/** What an import's preview answers: counts, the lines with a problem, and the first lines. */
export interface ImportPreview<Line> {
  total: number;
  valid: number;
  invalid: number;
  errors: Line[];
  lines: Line[];
}

/**
 * A CSV import in two steps: choose a file, preview it (counts, each line's problem, the first
 * lines), then import the good lines. `texts` is the prefix of its texts (`chooseFile`,
 * `preview`, `commit`, …), `endpoint` the route whose `/preview` and `/commit` take `{ csv }`.
 */
export function CsvImport<Line extends { line: number }>({
  texts,
  endpoint,
  invalidates,
  columns,
}: {
  texts: string;
  endpoint: string;
  invalidates: readonly unknown[];
  columns: ColumnsType<Line>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [csv, setCsv] = useState<{ name: string; text: string } | null>(null);
  const [preview, setPreview] = useState<ImportPreview<Line> | null>(null);
  const [result, setResult] = useState<{ imported: number; skipped: number } | null>(null);
  const [busy, setBusy] = useState<'preview' | 'commit' | null>(null);
  const text = (key: string, options?: Record<string, unknown>) => t(`${texts}.${key}`, options);

  const choose = async (file: File | undefined) => {
    setPreview(null);
    setResult(null);
    setCsv(file ? { name: file.name, text: await file.text() } : null);
  };
  const run = async (step: 'preview' | 'commit') => {
    if (!csv) return;
    setBusy(step);
    try {
      if (step === 'preview') setPreview(await api<ImportPreview<Line>>('POST', `${endpoint}/preview`, { body: { csv: csv.text } }));
      else {
        setResult(await api<{ imported: number; skipped: number }>('POST', `${endpoint}/commit`, { body: { csv: csv.text } }));
        setPreview(null);
        await queryClient.invalidateQueries({ queryKey: invalidates });
      }
    } catch (error) {
      message.error((error as Error).message);
    } finally {
      setBusy(null);
    }
  };
  const table = (title: string, rows: Line[]) => (
    <Table<Line>
      style={{ marginTop: 16 }}
      title={() => title}
      size="small"
      rowKey="line"
      dataSource={rows}
      columns={columns}
      pagination={{ pageSize: 10 }}
    />
  );
  return (
    <>
      <Space wrap>
        <label className="ant-btn ant-btn-default" style={{ display: 'inline-flex', alignItems: 'center', cursor: 'pointer' }}>
          {text('chooseFile')}
          <input
            type="file"
            accept=".csv,text/csv"
            aria-label={text('chooseFile')}
            style={{ position: 'absolute', opacity: 0, width: 1, height: 1 }}
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        </label>
        <Typography.Text>{csv?.name ?? text('noFile')}</Typography.Text>
        <Button disabled={!csv} loading={busy === 'preview'} onClick={() => run('preview')}>
          {text('preview')}
        </Button>
        <Button type="primary" disabled={!preview || preview.valid === 0} loading={busy === 'commit'} onClick={() => run('commit')}>
          {preview ? text('commitCount', { count: preview.valid }) : text('commit')}
        </Button>
      </Space>
      {preview && (
        <div style={{ marginTop: 16 }}>
          <Space size="large">
            <Statistic title={text('total')} value={preview.total} />
            <Statistic title={text('valid')} value={preview.valid} />
            <Statistic
              title={text('invalid')}
              value={preview.invalid}
              valueStyle={preview.invalid > 0 ? { color: '#cf1322' } : undefined}
            />
          </Space>
          {preview.errors.length > 0 && table(text('problems'), preview.errors)}
          {table(text('firstLines'), preview.lines)}
        </div>
      )}
      {result && (
        <Alert
          style={{ marginTop: 16 }}
          type={result.skipped > 0 ? 'warning' : 'success'}
          showIcon
          message={text('imported', { imported: result.imported, skipped: result.skipped })}
        />
      )}
    </>
  );
}
