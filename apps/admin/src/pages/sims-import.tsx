import type { SimImportLineView } from '@simshop/contract/admin-sims';
import { Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CsvImport } from '../components/csv-import.tsx';

/** Imports SIM cards from a CSV: a preview with each line's problem, then the good lines are added. */
export function SimsImportPage() {
  const { t } = useTranslation();
  const columns = [
    { title: t('sims.import.line'), dataIndex: 'line', width: 70 },
    { title: t('sims.iccid'), dataIndex: 'iccid', width: 200 },
    { title: t('sims.simNo'), dataIndex: 'simNo', width: 150 },
    {
      title: t('sims.operator'),
      dataIndex: 'operator',
      width: 110,
      render: (o: string) => t(`sims.operatorType.${o}`, { defaultValue: o }),
    },
    { title: t('sims.storefront'), dataIndex: 'promoCode', width: 120 },
    {
      title: t('sims.device'),
      render: (_: unknown, l: SimImportLineView) => (l.deviceNo ? `${l.deviceNo} · ${l.slot || '1'}` : '—'),
      width: 150,
    },
    {
      title: t('sims.import.problem'),
      dataIndex: 'error',
      render: (e: string | null) => (e ? <Typography.Text type="danger">{e}</Typography.Text> : '✓'),
    },
  ];
  return (
    <Card
      title={
        <Space size="large">
          <Link to="/sims">{t('sims.card.back')}</Link>
          <span>{t('sims.import.title')}</span>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('sims.import.hint')}</Typography.Paragraph>
      <CsvImport<SimImportLineView> texts="sims.import" endpoint="/sims/import" invalidates={['admin', 'sims']} columns={columns} />
    </Card>
  );
}
