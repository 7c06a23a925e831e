import type { CreateGoodsOrderBody, GoodsDetail } from '@simshop/contract/goods';
import { isMobile } from '@simshop/contract/validate';
import { useQueryClient } from '@tanstack/react-query';
import { Button, CenterPopup, ErrorBlock, Form, Skeleton, Swiper } from 'antd-mobile';
import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { AddressPicker } from '../../../components/address-picker.tsx';
import { AgreeTerms } from '../../../components/agree-terms.tsx';
import { Price } from '../../../components/price.tsx';
import { createGoodsOrder } from '../../../features/goods/api/create-goods-order.ts';
import { useGoodsDetail } from '../../../features/goods/api/goods-detail.ts';
import { useShowedPopup } from '../../../features/goods/stores/showed-popup.ts';
import { draftOf, type OrderDraft, useOrderDraft } from '../../../features/orders/stores/order-draft.ts';
import { Toast } from '../../../lib/feedback.ts';
import { submissionKeys } from '../../../lib/idempotency.ts';
import { yuan } from '../../../lib/money.ts';
import { redirectTo } from '../../../lib/nav.ts';
import { useSession } from '../../../lib/session.ts';
import '../../../components/shop.css';
import '../pretty/index.css';
import './index.css';
import { TextArea } from '../../../components/text-area.tsx';
import { Input } from '../../../components/text-input.tsx';

type FormValues = Pick<OrderDraft, 'buyerName' | 'contactMobile' | 'detail'>;

/** The good's notice, shown once per browser session (spec §3 goodsShowedPopup); it closes with the page. */
function GoodsPopup({ goods }: { goods: GoodsDetail }) {
  const { t } = useTranslation();
  const shown = useShowedPopup((s) => s.goodsShowedPopup.includes(goods.id));
  const markShown = useShowedPopup((s) => s.markShown);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!goods.popup || shown) return;
    markShown(goods.id);
    setOpen(true);
  }, [goods, shown, markShown]);
  if (!goods.popup) return null;
  return (
    <CenterPopup visible={open} onMaskClick={() => setOpen(false)} style={{ '--min-width': '300px', '--max-width': '86vw' }}>
      <div className="goods-popup" role="dialog" aria-label={goods.popup.title}>
        <h2 data-user-text>{goods.popup.title}</h2>
        <p data-user-text>{goods.popup.content}</p>
        <Button block shape="rounded" color="primary" onClick={() => setOpen(false)}>
          {t('goods.popupOk')}
        </Button>
      </div>
    </CenterPopup>
  );
}

/** Minus, the count and plus, between 1 and `max`. */
function Quantity({ value, max, disabled, onChange }: { value: number; max: number; disabled: boolean; onChange: (n: number) => void }) {
  const { t } = useTranslation();
  return (
    <span className="goods-stepper">
      <button type="button" aria-label={t('goods.less')} disabled={disabled || value <= 1} onClick={() => onChange(value - 1)}>
        <MinusOutline />
      </button>
      <output aria-live="polite" aria-label={t('goods.quantity')}>
        {value}
      </output>
      <button type="button" aria-label={t('goods.more')} disabled={disabled || value >= max} onClick={() => onChange(value + 1)}>
        <AddOutline />
      </button>
    </span>
  );
}

/** A general good: images, specs with their price and stock, quantity, delivery details, and buying it. */
export default function GeneralGoodsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? '0');
  const valid = Number.isInteger(id) && id > 0;
  const detail = useGoodsDetail(valid ? id : 0);
  const queryClient = useQueryClient();
  const promoCode = useSession((s) => s.carried.promoCode);
  const draftKey = `goods:${id}`;
  const draft = useOrderDraft(useShallow((s) => draftOf(s, draftKey)));
  const update = useOrderDraft((s) => s.update);
  const clearDraft = useOrderDraft((s) => s.clear);
  const [form] = Form.useForm<FormValues>();
  const [skuId, setSkuId] = useState<number | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [addressOpen, setAddressOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const keyFor = useRef(submissionKeys()).current;
  const g = detail.data;

  if (!valid || detail.isError) {
    return (
      <ErrorBlock status="empty" title={t('goods.notFound')} description="">
        <Button color="primary" onClick={() => void redirectTo('/pages/goods/index')}>
          {t('goods.browse')}
        </Button>
      </ErrorBlock>
    );
  }
  if (!g) {
    return (
      <div className="goods-detail" aria-busy="true">
        <Skeleton animated style={{ '--width': '100%', '--height': '280px', '--border-radius': '0' }} />
        <div className="card">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      </div>
    );
  }

  const inStock = g.skus.filter((s) => s.stock > 0);
  const sku = g.skus.find((s) => s.id === skuId) ?? inStock[0] ?? g.skus[0];
  const maxQuantity = Math.max(1, Math.min(g.maxQuantity, sku?.stock ?? 1));
  const count = Math.min(quantity, maxQuantity);
  const soldOut = !sku || sku.stock === 0;
  const total = (sku?.price ?? 0) * count;

  const submit = async (values: FormValues) => {
    if (!sku) return;
    if (draft.region.length !== 3) {
      Toast.show({ content: t('shop.number.regionRequired') });
      return;
    }
    if (!draft.agreed) {
      Toast.show({ content: t('shop.number.agreeFirst') });
      return;
    }
    const body: CreateGoodsOrderBody = {
      promoCode,
      skuId: sku.id,
      quantity: count,
      buyerName: values.buyerName.trim(),
      contactMobile: values.contactMobile.trim(),
      address: {
        province: draft.region[0] ?? '',
        city: draft.region[1] ?? '',
        county: draft.region[2] ?? '',
        detail: values.detail.trim(),
      },
      agreed: true,
    };
    setSubmitting(true);
    try {
      const order = await createGoodsOrder(body, keyFor(body));
      clearDraft(draftKey);
      void queryClient.invalidateQueries({ queryKey: ['goodsList'] });
      await redirectTo(`/pages/order/pay/index?orderNo=${order.orderNo}`);
    } catch {
      // request.ts showed what happened (the §8 dialog for 30001); the stock shown is refreshed.
      void detail.refetch();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="goods-detail">
      <GoodsPopup goods={g} />
      <Swiper className="goods-detail-images" indicatorProps={{ color: 'white' }} loop={g.images.length > 1}>
        {g.images.map((src) => (
          <Swiper.Item key={src}>
            <img src={src} alt="" width={375} height={375} />
          </Swiper.Item>
        ))}
      </Swiper>

      <section className="card goods-detail-head" aria-label={t('goods.about')}>
        <div className="goods-detail-price">
          <Price fen={sku?.price ?? g.price} size="lg" />
          {sku && sku.originalPrice > sku.price ? <span className="price-old">¥{yuan(sku.originalPrice)}</span> : null}
          <span className="muted goods-detail-sold">{t('goods.sold', { count: g.sold })}</span>
        </div>
        <h1 className="goods-detail-name" data-user-text>
          {g.name}
        </h1>
        <p className="muted" data-user-text>
          {g.summary}
        </p>
      </section>

      <section className="card goods-detail-specs" aria-label={t('goods.spec')}>
        <h2 className="section-title">{t('goods.spec')}</h2>
        <div className="goods-spec-list">
          {g.skus.map((s) => (
            <button
              key={s.id}
              type="button"
              aria-pressed={s.id === sku?.id}
              disabled={s.stock === 0}
              className={`goods-spec${s.id === sku?.id ? ' active' : ''}`}
              onClick={() => setSkuId(s.id)}
            >
              <span data-user-text>{s.name}</span>
              {s.stock === 0 ? <span className="goods-spec-note">{t('goods.soldOut')}</span> : null}
            </button>
          ))}
        </div>
        <div className="goods-quantity">
          <span>{t('goods.quantity')}</span>
          <span className="muted goods-stock">{sku ? t('goods.stockLeft', { count: sku.stock }) : ''}</span>
          <Quantity value={count} max={maxQuantity} disabled={soldOut} onChange={setQuantity} />
        </div>
      </section>

      <section className="card goods-detail-text" aria-label={t('goods.description')}>
        <h2 className="section-title">{t('goods.description')}</h2>
        {g.description.split(/\n{2,}/).map((p) => (
          <p key={p} data-user-text>
            {p}
          </p>
        ))}
      </section>

      <div className="card pretty-form-card">
        <h2 className="section-title">{t('goods.deliveryTitle')}</h2>
        <Form
          form={form}
          layout="horizontal"
          mode="default"
          requiredMarkStyle="none"
          initialValues={{ buyerName: draft.buyerName, contactMobile: draft.contactMobile, detail: draft.detail }}
          onValuesChange={(changed: Partial<FormValues>) => update(draftKey, changed)}
          onFinish={(values) => void submit(values)}
          footer={null}
        >
          <Form.Item
            name="buyerName"
            label={t('goods.receiver')}
            rules={[
              { required: true, message: t('shop.number.buyerNameRequired') },
              { min: 2, message: t('shop.number.buyerNameRequired') },
            ]}
          >
            <Input placeholder={t('goods.receiverHint')} maxLength={20} autoComplete="name" />
          </Form.Item>
          <Form.Item
            name="contactMobile"
            label={t('shop.number.contactMobile')}
            validateTrigger="onBlur"
            rules={[
              { required: true, message: t('shop.number.mobileRequired') },
              {
                validator: async (_rule, value: string | undefined) => {
                  if (value && !isMobile(value.trim())) throw new Error(t('shop.number.mobileInvalid'));
                },
              },
            ]}
          >
            <Input type="tel" inputMode="numeric" placeholder={t('shop.number.mobileHint')} maxLength={11} autoComplete="tel" />
          </Form.Item>
          <Form.Item label={t('shop.number.region')} onClick={() => setAddressOpen(true)} arrowIcon>
            <button type="button" className={`pretty-region${draft.regionText ? '' : ' empty'}`}>
              {draft.regionText || t('shop.number.regionHint')}
            </button>
          </Form.Item>
          <Form.Item
            name="detail"
            label={t('shop.number.detail')}
            rules={[
              { required: true, message: t('shop.number.detailRequired') },
              { min: 4, message: t('shop.number.detailRequired') },
            ]}
          >
            <TextArea placeholder={t('shop.number.detailHint')} maxLength={120} autoSize={{ minRows: 1, maxRows: 3 }} />
          </Form.Item>
        </Form>
      </div>

      <AgreeTerms checked={draft.agreed} onChange={(agreed) => update(draftKey, { agreed })} />

      <div className="action-bar">
        <div className="action-bar-total">
          <span>
            {t('shop.number.total')} <Price fen={total} size="md" />
          </span>
          <span className="muted">{t('goods.totalHint', { count, price: yuan(sku?.price ?? 0) })}</span>
        </div>
        <Button className="btn-hot" shape="rounded" loading={submitting} disabled={soldOut} onClick={() => form.submit()}>
          {soldOut ? t('goods.soldOut') : t('goods.buy')}
        </Button>
      </div>

      <AddressPicker
        visible={addressOpen}
        value={draft.region}
        onClose={() => setAddressOpen(false)}
        onConfirm={(picked) => {
          update(draftKey, { region: picked.codes, regionText: picked.text });
          setAddressOpen(false);
        }}
      />
    </div>
  );
}
