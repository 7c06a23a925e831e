import { ORDER_NO } from '@simshop/contract/order-no';
import { ErrorBlock, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LogisticsView } from '../../../components/logistics-view.tsx';
import { useOrderLogistics } from '../../../features/orders/api/order-logistics.ts';
import '../../../components/shop.css';

/** Carrier, tracking number and the timeline of a shipped order. */
export default function LogisticsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const logistics = useOrderLogistics(orderNo);

  if (logistics.isError || !ORDER_NO.test(orderNo)) {
    return <ErrorBlock status="empty" title={t('shop.logistics.none')} description={t('shop.logistics.noneHint')} />;
  }
  if (!logistics.data) {
    return (
      <div className="card">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  }
  return <LogisticsView parcel={logistics.data} />;
}
