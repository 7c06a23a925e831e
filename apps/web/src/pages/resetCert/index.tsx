import { ORDER_NO } from '@simshop/contract/order-no';
import { useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, List, NoticeBar, Skeleton } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PhotoUpload } from '../../components/photo-upload.tsx';
import { saveCert } from '../../features/fast-number/api/cert.ts';
import { useOrderDetail } from '../../features/orders/api/order-detail.ts';
import { OrderStatusTag } from '../../features/orders/components/order-status-tag.tsx';
import { Toast } from '../../lib/feedback.ts';
import { redirectTo, switchTab } from '../../lib/nav.ts';
import { uploadedImageUrl } from '../../lib/upload.ts';
import '../../components/shop.css';
import '../goods/fastNumber/index.css';

/** A photo already on the application, fetched with the owner's headers (it is served to nobody else). */
function SavedPhoto({ url, label }: { url: string; label: string }) {
  const [src, setSrc] = useState('');
  useEffect(() => {
    let made = '';
    uploadedImageUrl(url)
      .then((u) => {
        made = u;
        setSrc(u);
      })
      .catch(() => setSrc(''));
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  return src ? <img src={src} alt={label} /> : <Skeleton animated style={{ '--width': '140px', '--height': '105px' }} />;
}

/** The ID card photos of a fast-number application: added or replaced until the application is decided. */
export default function ResetCertPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const fromApply = params.get('from') === 'apply';
  const valid = ORDER_NO.test(orderNo) && orderNo.startsWith('F');
  const detail = useOrderDetail(valid ? orderNo : '');
  const queryClient = useQueryClient();
  const [front, setFront] = useState('');
  const [back, setBack] = useState('');
  const [saving, setSaving] = useState(false);
  const toOrder = () => void redirectTo(`/pages/order/detail/index?orderNo=${orderNo}`);

  if (!valid || detail.isError) {
    return (
      <div className="center-view">
        <ErrorBlock status="empty" title={t('cert.noOrder')} description={t('cert.noOrderHint')} />
        <Button color="primary" fill="outline" shape="rounded" onClick={() => void switchTab('/pages/order/index')}>
          {t('shop.orderDetail.toOrders')}
        </Button>
      </div>
    );
  }
  const o = detail.data;
  if (!o?.application) {
    return (
      <div className="card" aria-busy="true">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  }
  const open = o.status === 'submitted' || o.status === 'reviewing';
  const photoLabel = (purpose: 'idFront' | 'idBack') => (purpose === 'idFront' ? t('cert.idFront') : t('cert.idBack'));

  const save = async () => {
    setSaving(true);
    try {
      await saveCert({ orderNo, idFront: front, idBack: back });
      await queryClient.invalidateQueries({ queryKey: ['orderDetail', orderNo] });
      Toast.show({ icon: 'success', content: t('cert.saved') });
      toOrder();
    } catch {
      // request.ts showed the reason.
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="cert-page">
      {fromApply ? <NoticeBar color="info" wrap content={t('cert.appliedNotice', { orderNo })} /> : null}
      <List mode="card" header={t('cert.application')}>
        <List.Item extra={<OrderStatusTag status={o.status} />} description={<span data-user-text>{o.orderNo}</span>}>
          {o.operatorName} · {o.packageName}
        </List.Item>
      </List>
      {o.application.photos.length > 0 ? (
        <section className="card" aria-label={t('cert.current')}>
          <h2 className="section-title">{t('cert.current')}</h2>
          <div className="cert-current">
            {o.application.photos.map((p) => (
              <SavedPhoto key={p.url} url={p.url} label={photoLabel(p.purpose)} />
            ))}
          </div>
        </section>
      ) : null}
      {open ? (
        <section className="card" aria-label={t('cert.upload')}>
          <h2 className="section-title">{o.application.photos.length > 0 ? t('cert.replace') : t('cert.upload')}</h2>
          <p className="muted">{t('cert.hint')}</p>
          <div className="cert-photos">
            <PhotoUpload url="/api/shop/upload" purpose="idFront" label={t('cert.idFront')} onChange={setFront} />
            <PhotoUpload url="/api/shop/upload" purpose="idBack" label={t('cert.idBack')} onChange={setBack} />
          </div>
        </section>
      ) : (
        <NoticeBar color="alert" wrap content={t('cert.closed')} />
      )}
      <div className="cert-actions">
        {open ? (
          <Button color="primary" shape="rounded" block disabled={!front || !back} loading={saving} onClick={() => void save()}>
            {t('cert.save')}
          </Button>
        ) : null}
        <Button shape="rounded" block onClick={toOrder}>
          {fromApply ? t('cert.later') : t('cert.toOrder')}
        </Button>
      </div>
    </div>
  );
}
