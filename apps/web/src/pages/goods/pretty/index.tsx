import type { CreateOrderBody } from '@simshop/contract/orders';
import { isChineseId, isMobile } from '@simshop/contract/validate';
import { Button, ErrorBlock, Form, List, NoticeBar, Rate, Skeleton } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { AddressPicker } from '../../../components/address-picker.tsx';
import { AgreeTerms } from '../../../components/agree-terms.tsx';
import { PrettyNumber } from '../../../components/pretty-number.tsx';
import { Price } from '../../../components/price.tsx';
import { useNumberDetail } from '../../../features/numbers/api/number-detail.ts';
import { displayTags, regionText } from '../../../features/numbers/components/number-card.tsx';
import { formatData } from '../../../features/numbers/format.ts';
import { createOrder } from '../../../features/orders/api/create-order.ts';
import { draftOf, type OrderDraft, useOrderDraft } from '../../../features/orders/stores/order-draft.ts';
import { useReviews } from '../../../features/reviews/api/review-list.ts';
import { submissionKeys } from '../../../lib/idempotency.ts';
import { yuan } from '../../../lib/money.ts';
import { navigateTo, redirectTo } from '../../../lib/nav.ts';
import { useSession } from '../../../lib/session.ts';
import '../../../components/shop.css';
import './index.css';
import { TextArea } from '../../../components/text-area.tsx';
import { Input } from '../../../components/text-input.tsx';
import { Toast } from '../../../lib/feedback.ts';

type FormValues = Pick<OrderDraft, 'buyerName' | 'idNumber' | 'contactMobile' | 'detail'>;

export default function PrettyNumberPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const number = params.get('number') ?? '';
  const promoCode = useSession((s) => s.carried.promoCode);
  const detail = useNumberDetail(number);
  const reviews = useReviews();
  const draft = useOrderDraft(useShallow((s) => draftOf(s, number)));
  const update = useOrderDraft((s) => s.update);
  const clearDraft = useOrderDraft((s) => s.clear);
  const [form] = Form.useForm<FormValues>();
  const [addressOpen, setAddressOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const keyFor = useRef(submissionKeys()).current;

  if (!/^1\d{10}$/.test(number) || detail.isError) {
    return (
      <ErrorBlock status="empty" title={t('shop.number.notFound')} description="">
        <Button color="primary" onClick={() => void redirectTo('/pages/index/VanityNumber/index')}>
          {t('shop.number.pickAnother')}
        </Button>
      </ErrorBlock>
    );
  }
  const n = detail.data;
  if (!n) {
    return (
      <div className="pretty">
        <div className="pretty-hero">
          <Skeleton animated style={{ '--width': '70%', '--height': '36px', margin: '8px auto' }} />
          <Skeleton animated style={{ '--width': '40%', '--height': '18px', margin: '12px auto' }} />
        </div>
        <div className="card">
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      </div>
    );
  }

  const pkg = n.packages.find((p) => p.id === draft.packageId) ?? null;
  const onSale = n.status === 'on_sale';
  const total = n.price + n.prestored;
  const operator = n.operatorName;
  const region = regionText(n.provinceName, n.cityName);
  const firstReviews = reviews.data?.pages[0];

  const submit = async (values: FormValues) => {
    if (!pkg) {
      Toast.show({ content: t('shop.number.choosePackageFirst') });
      return;
    }
    if (draft.region.length !== 3) {
      Toast.show({ content: t('shop.number.regionRequired') });
      return;
    }
    if (!draft.agreed) {
      Toast.show({ content: t('shop.number.agreeFirst') });
      return;
    }
    const body: CreateOrderBody = {
      promoCode,
      number: n.number,
      packageId: pkg.id,
      buyerName: values.buyerName.trim(),
      idNumber: values.idNumber.trim().toUpperCase(),
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
      const order = await createOrder(body, keyFor(body));
      clearDraft(n.number);
      await redirectTo(`/pages/order/pay/index?orderNo=${order.orderNo}`);
    } catch {
      // request.ts already showed what happened (toast, or the §8 dialog for 32001).
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="pretty">
      <section className="pretty-hero" aria-label={t('shop.number.heroLabel')}>
        <div className="pretty-hero-meta">
          <span className="chip-tag op">{operator}</span>
          {region ? <span className="pretty-hero-region">{region}</span> : null}
        </div>
        <h1 className="pretty-hero-number">
          <PrettyNumber number={n.number} size="lg" />
        </h1>
        <div className="num-tags pretty-hero-tags">
          {n.featured ? <span className="chip-tag gold">{t('shop.numbers.featured')}</span> : null}
          {displayTags(n.tags, 4).map((tag) => (
            <span key={tag} className="chip-tag">
              {t(`shop.pattern.${tag}`)}
            </span>
          ))}
        </div>
        <div className="pretty-price-row">
          <div>
            <span className="muted">{t('shop.number.price')}</span>
            {n.price > 0 ? <Price fen={n.price} size="lg" /> : <span className="price price-lg">{t('shop.numbers.free')}</span>}
          </div>
          <div className="pretty-prestored">
            <span className="muted">{t('shop.number.prestored')}</span>
            <span className="pretty-prestored-value">¥{yuan(n.prestored)}</span>
          </div>
        </div>
      </section>

      {!onSale ? <NoticeBar color="alert" wrap content={t(`shop.number.status.${n.status}`)} /> : null}

      <List mode="card" className="pretty-list">
        <List.Item
          onClick={() => void navigateTo(`/pages/goods/pretty/package?number=${n.number}`)}
          extra={
            pkg ? (
              <span className="pretty-pkg-chosen">{pkg.name}</span>
            ) : (
              <span className="pretty-pkg-empty">{t('shop.number.choosePackage')}</span>
            )
          }
          description={
            pkg
              ? t('shop.package.summary', { fee: yuan(pkg.monthlyFee), data: formatData(pkg.dataMb), minutes: pkg.voiceMinutes })
              : undefined
          }
        >
          {t('shop.number.package')}
        </List.Item>
        <List.Item
          onClick={() => void navigateTo('/pages/goods/pretty/comment')}
          extra={firstReviews && firstReviews.total > 0 ? t('shop.reviews.count', { count: firstReviews.total }) : t('shop.reviews.none')}
        >
          <span className="pretty-reviews">
            {t('shop.reviews.title')}
            {firstReviews && firstReviews.total > 0 ? (
              <>
                <Rate readOnly allowHalf value={firstReviews.average} style={{ '--star-size': '12px' }} />
                <b>{firstReviews.average.toFixed(1)}</b>
              </>
            ) : null}
          </span>
        </List.Item>
      </List>

      <div className="card pretty-form-card">
        <h2 className="section-title">{t('shop.number.buyerTitle')}</h2>
        <p className="muted pretty-form-hint">{t('shop.number.buyerHint')}</p>
        <Form
          form={form}
          layout="horizontal"
          mode="default"
          requiredMarkStyle="none"
          initialValues={{ buyerName: draft.buyerName, idNumber: draft.idNumber, contactMobile: draft.contactMobile, detail: draft.detail }}
          onValuesChange={(changed: Partial<FormValues>) => {
            update(n.number, changed);
            // A field showing an error is checked again as it is corrected (others on blur).
            const fixing = (Object.keys(changed) as (keyof FormValues)[]).filter((k) => form.getFieldError(k).length > 0);
            if (fixing.length) form.validateFields(fixing).catch(() => undefined);
          }}
          onFinish={(values) => void submit(values)}
          onFinishFailed={() => {
            // The messages show under their fields; bring the first one into view.
            requestAnimationFrame(() =>
              document.querySelector('.adm-form-item-feedback-error')?.scrollIntoView({ block: 'center', behavior: 'smooth' }),
            );
          }}
          footer={null}
        >
          <Form.Item
            name="buyerName"
            label={t('shop.number.buyerName')}
            rules={[
              { required: true, message: t('shop.number.buyerNameRequired') },
              { min: 2, message: t('shop.number.buyerNameRequired') },
            ]}
          >
            <Input placeholder={t('shop.number.buyerNameHint')} maxLength={20} autoComplete="name" />
          </Form.Item>
          <Form.Item
            name="idNumber"
            label={t('shop.number.idNumber')}
            validateTrigger="onBlur"
            rules={[
              { required: true, message: t('shop.number.idRequired') },
              {
                validator: async (_rule, value: string | undefined) => {
                  if (value && !isChineseId(value.trim())) throw new Error(t('shop.number.idInvalid'));
                },
              },
            ]}
          >
            <Input placeholder={t('shop.number.idHint')} maxLength={18} autoComplete="off" />
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

      <AgreeTerms checked={draft.agreed} onChange={(agreed) => update(n.number, { agreed })} />

      <div className="action-bar">
        <div className="action-bar-total">
          <span>
            {t('shop.number.total')} <Price fen={total} size="md" />
          </span>
          <span className="muted">{t('shop.number.totalHint', { price: yuan(n.price), prestored: yuan(n.prestored) })}</span>
        </div>
        <Button className="btn-hot" shape="rounded" loading={submitting} disabled={!onSale} onClick={() => form.submit()}>
          {onSale ? t('shop.number.submit') : t(`shop.number.statusShort.${n.status}`)}
        </Button>
      </div>

      <AddressPicker
        visible={addressOpen}
        value={draft.region}
        onClose={() => setAddressOpen(false)}
        onConfirm={(picked) => {
          update(n.number, { region: picked.codes, regionText: picked.text });
          setAddressOpen(false);
        }}
      />
    </div>
  );
}
