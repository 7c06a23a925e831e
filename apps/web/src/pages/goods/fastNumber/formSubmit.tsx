import type { UserInfo } from '@simshop/contract/auth';
import type { FastNumberApplyBody } from '@simshop/contract/fast-number';
import { isChineseId, isMobile } from '@simshop/contract/validate';
import { useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, Form, List, NoticeBar, Skeleton } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AddressPicker } from '../../../components/address-picker.tsx';
import { AgreeTerms } from '../../../components/agree-terms.tsx';
import { sendCode } from '../../../features/auth/api/send-code.ts';
import { applyFastNumber } from '../../../features/fast-number/api/apply.ts';
import { useFastNumberProducts } from '../../../features/fast-number/api/products.ts';
import { formatData } from '../../../features/numbers/format.ts';
import { Toast } from '../../../lib/feedback.ts';
import { submissionKeys } from '../../../lib/idempotency.ts';
import { yuan } from '../../../lib/money.ts';
import { redirectTo } from '../../../lib/nav.ts';
import { get } from '../../../lib/request.ts';
import { useSession } from '../../../lib/session.ts';
import '../../../components/shop.css';
import '../pretty/index.css';
import './index.css';
import { TextArea } from '../../../components/text-area.tsx';
import { Input } from '../../../components/text-input.tsx';

interface FormValues {
  applicantName: string;
  idNumber: string;
  mobile: string;
  code: string;
  detail: string;
}

function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}

/**
 * The application for a new number: name, ID number (§5), mobile proven by an SMS code, delivery
 * address. Filing it logs the browser in as the mobile; ID photos can be added next.
 */
export default function FastNumberFormPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const operator = params.get('operator') ?? '';
  const packageId = Number(params.get('packageId')) || 0;
  const products = useFastNumberProducts();
  const promoCode = useSession((s) => s.carried.promoCode);
  const loggedInMobile = useSession((s) => s.userInfo.mobile);
  const setUserInfo = useSession((s) => s.setUserInfo);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [region, setRegion] = useState<{ codes: string[]; text: string }>({ codes: [], text: '' });
  const [addressOpen, setAddressOpen] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [devCode, setDevCode] = useState('');
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [left, startCountdown] = useCountdown();
  const keyFor = useRef(submissionKeys()).current;

  const op = products.data?.operators.find((o) => o.operator === operator);
  const pkg = op?.packages.find((p) => p.id === packageId);
  if (products.isError || (products.data && !pkg)) {
    return (
      <ErrorBlock status="empty" title={t('fastNumber.packageGone')} description="">
        <Button color="primary" onClick={() => void redirectTo('/pages/goods/fastNumber/index')}>
          {t('fastNumber.pickAgain')}
        </Button>
      </ErrorBlock>
    );
  }
  if (!op || !pkg) {
    return (
      <div className="card" aria-busy="true">
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  }

  const send = async () => {
    const mobile = String(form.getFieldValue('mobile') ?? '').trim();
    if (!isMobile(mobile)) {
      Toast.show({ content: t('shop.number.mobileInvalid') });
      return;
    }
    setSending(true);
    try {
      const reply = await sendCode(mobile, 'apply');
      startCountdown(reply.resendIn > 0 ? reply.resendIn : 60);
      setDevCode(reply.devCode ?? '');
      Toast.show({ content: t('shop.login.codeSent') });
    } catch {
      // request.ts showed the reason (e.g. sent too often).
    } finally {
      setSending(false);
    }
  };

  const submit = async (values: FormValues) => {
    if (region.codes.length !== 3) {
      Toast.show({ content: t('shop.number.regionRequired') });
      return;
    }
    if (!agreed) {
      Toast.show({ content: t('shop.number.agreeFirst') });
      return;
    }
    const body: FastNumberApplyBody = {
      promoCode,
      operator: op.operator,
      packageId: pkg.id,
      applicantName: values.applicantName.trim(),
      idNumber: values.idNumber.trim().toUpperCase(),
      mobile: values.mobile.trim(),
      code: values.code.trim(),
      address: {
        province: region.codes[0] ?? '',
        city: region.codes[1] ?? '',
        county: region.codes[2] ?? '',
        detail: values.detail.trim(),
      },
      agreed: true,
    };
    setSubmitting(true);
    try {
      const order = await applyFastNumber(body, keyFor(body));
      if (!loggedInMobile) {
        // The application logged this browser in as the mobile.
        const user = await get<UserInfo>('/api/hk/userInfo').catch(() => null);
        if (user) setUserInfo({ mobile: user.mobile, nickname: user.nickname || user.mobileMasked, avatar: user.avatar });
      }
      await queryClient.invalidateQueries({ queryKey: ['orderList'] });
      Toast.show({ icon: 'success', content: t('fastNumber.submitted') });
      await redirectTo(`/pages/resetCert/index?orderNo=${order.orderNo}&from=apply`);
    } catch {
      // request.ts already showed what happened.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="pretty fast-form">
      <List mode="card" header={t('fastNumber.chosen')}>
        <List.Item
          extra={
            <span className="price price-md">
              <span className="price-sign">¥</span>
              {yuan(pkg.monthlyFee)}
              <span className="pkg-per">{t('shop.package.perMonth')}</span>
            </span>
          }
          description={t('shop.package.summary', { fee: yuan(pkg.monthlyFee), data: formatData(pkg.dataMb), minutes: pkg.voiceMinutes })}
        >
          <span className="fast-form-summary">
            <span className="muted">{op.operatorName}</span>
            <b>{pkg.name}</b>
          </span>
        </List.Item>
      </List>

      <div className="card pretty-form-card">
        <h2 className="section-title">{t('fastNumber.applicantTitle')}</h2>
        <p className="muted pretty-form-hint">{t('fastNumber.applicantHint')}</p>
        <Form
          form={form}
          layout="horizontal"
          mode="default"
          requiredMarkStyle="none"
          initialValues={{ mobile: loggedInMobile }}
          onFinish={(values) => void submit(values)}
          onFinishFailed={() =>
            requestAnimationFrame(() =>
              document.querySelector('.adm-form-item-feedback-error')?.scrollIntoView({ block: 'center', behavior: 'smooth' }),
            )
          }
          footer={null}
        >
          <Form.Item
            name="applicantName"
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
                  if (value && !isChineseId(value.trim().toUpperCase())) throw new Error(t('shop.number.idInvalid'));
                },
              },
            ]}
          >
            <Input placeholder={t('shop.number.idHint')} maxLength={18} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="mobile"
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
          <Form.Item
            label={t('shop.login.code')}
            required
            extra={
              <button type="button" className="fast-code-send" disabled={left > 0 || sending} onClick={() => void send()}>
                {left > 0 ? t('shop.login.resendIn', { seconds: left }) : t('shop.login.getCode')}
              </button>
            }
          >
            <Form.Item name="code" noStyle rules={[{ required: true, pattern: /^\d{6}$/, message: t('shop.login.codeInvalid') }]}>
              <Input inputMode="numeric" autoComplete="one-time-code" placeholder={t('fastNumber.codeHint')} maxLength={6} />
            </Form.Item>
          </Form.Item>
          <Form.Item label={t('shop.number.region')} onClick={() => setAddressOpen(true)} arrowIcon>
            <button type="button" className={`pretty-region${region.text ? '' : ' empty'}`}>
              {region.text || t('shop.number.regionHint')}
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
      {devCode ? (
        <NoticeBar
          className="fast-dev-code"
          color="info"
          wrap
          content={
            <span>
              {t('shop.login.devCode')} <b data-testid="dev-code">{devCode}</b>
            </span>
          }
        />
      ) : null}

      <AgreeTerms checked={agreed} onChange={setAgreed} />

      <div className="action-bar">
        <div className="action-bar-total">
          <span>{t('fastNumber.freeToApply')}</span>
          <span className="muted">{t('fastNumber.photosLater')}</span>
        </div>
        <Button className="btn-hot" shape="rounded" loading={submitting} onClick={() => form.submit()}>
          {t('fastNumber.submit')}
        </Button>
      </div>

      <AddressPicker
        visible={addressOpen}
        value={region.codes}
        onClose={() => setAddressOpen(false)}
        onConfirm={(picked) => {
          setRegion({ codes: picked.codes, text: picked.text });
          setAddressOpen(false);
        }}
      />
    </div>
  );
}
