import '../../../features/wifi/components/wifi.css';
import '../../../features/sim/components/money.css';
import './machine-code.css';
import { type OneCodeBlock, type OneCodeInfo, TOKEN } from '@simshop/contract/iot-codes';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorBlock, SpinLoading } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { myOneCodeKey, useMyOneCode } from '../../../features/machine-code/api/general-one-code.ts';
import { useOneCode } from '../../../features/machine-code/api/get-one-code.ts';
import { useOneCodeOrder } from '../../../features/machine-code/api/one-code-order.ts';
import { postOneCodeRenew } from '../../../features/machine-code/api/one-code-renew.ts';
import { SimLoading } from '../../../features/sim/components/page-state.tsx';
import { yuan } from '../../../features/sim/format.ts';
import { copyWithToast } from '../../../lib/clipboard.ts';
import { Dialog, Toast } from '../../../lib/feedback.ts';
import { navigateTo, reLaunch, SIM_LOGIN } from '../../../lib/nav.ts';
import { appAddress, qrDataUrl } from '../../../lib/qr.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';
import { AppRecharge } from './AppRecharge.tsx';
import { BtnRecharge } from './BtnRecharge.tsx';
import { CustomRichText } from './CustomRichText.tsx';
import { MPRecharge } from './MPRecharge.tsx';
import { OfficialRecharge } from './OfficialRecharge.tsx';
import { OnlineService } from './OnlineService.tsx';
import { PhoneService } from './PhoneService.tsx';
import { RechargeNo } from './RechargeNo.tsx';
import { ScanRecharge } from './ScanRecharge.tsx';
import { VideoTutorial } from './VideoTutorial.tsx';

function Block({ block, info }: { block: OneCodeBlock; info: OneCodeInfo }) {
  switch (block.type) {
    case 'RechargeNo':
      return <RechargeNo info={info} title={block.title} />;
    case 'BtnRecharge':
      return <BtnRecharge info={info} title={block.title} />;
    case 'ScanRecharge':
      return <ScanRecharge code={info.code} title={block.title} />;
    case 'AppRecharge':
      return <AppRecharge url={block.url} title={block.title} />;
    case 'MPRecharge':
      return <MPRecharge url={block.url} title={block.title} />;
    case 'OfficialRecharge':
      return <OfficialRecharge url={block.url} title={block.title} operator={info.operatorTypeName} />;
    case 'OnlineService':
      return <OnlineService url={block.url} title={block.title} />;
    case 'PhoneService':
      return <PhoneService phone={block.phone} title={block.title} />;
    case 'CustomRichText':
      return <CustomRichText content={block.content} title={block.title} />;
    case 'VideoTutorial':
      return <VideoTutorial url={block.url} title={block.title} />;
  }
}

/** The top-up made here, after the cashier: waits for the payment, then says what was credited. */
function RechargeResult({ code, orderNo, returned }: { code: string; orderNo: string; returned: string | null }) {
  const { t } = useTranslation();
  const order = useOneCodeOrder(code, orderNo);
  const o = order.data;
  if (order.isError) return null;
  return (
    <section className="card mc-result" data-testid="mc-result" aria-live="polite">
      {!o ? (
        <SpinLoading style={{ margin: '0 auto' }} />
      ) : o.status === 'effective' ? (
        <>
          <h2>{t('oneCode.done')}</h2>
          <p>
            {t('oneCode.credited')} <span className="accent">¥{yuan(o.creditBalance)}</span>
          </p>
          {o.arrearsSettled > 0 ? <p>{t('oneCode.arrearsSettled', { amount: yuan(o.arrearsSettled) })}</p> : null}
          <button type="button" className="sim-ghost-btn" onClick={() => void reLaunch(SIM_LOGIN)}>
            {t('oneCode.loginToSee')}
          </button>
        </>
      ) : o.status === 'pending' || o.status === 'paid' ? (
        <>
          <SpinLoading style={{ margin: '0 auto' }} />
          <h2>{returned === 'cancel' && o.status === 'pending' ? t('oneCode.notPaid') : t('oneCode.waiting')}</h2>
        </>
      ) : (
        <>
          <h2>{t(`oneCode.status.${o.status}`)}</h2>
          <p>{t('oneCode.tryAgain')}</p>
        </>
      )}
    </section>
  );
}

function RechargePage({ code }: { code: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const info = useOneCode(code);
  const orderNo = params.get('orderNo') ?? '';
  if (info.isError) {
    return (
      <div className="center-view" data-testid="mc-invalid">
        <ErrorBlock status="default" title={t('oneCode.invalid')} description={info.error.message} />
      </div>
    );
  }
  if (!info.data) return <SimLoading lines={6} />;
  return (
    <div className="wifi-page money-page" data-testid="mc-page">
      {/^I\d{26}$/.test(orderNo) ? <RechargeResult code={code} orderNo={orderNo} returned={params.get('result')} /> : null}
      {info.data.blocks.map((b) => (
        <Block key={b.id} block={b} info={info.data} />
      ))}
    </div>
  );
}

/** The holder's own code: its QR to print or show, its link, and a new code when the old one is lost. */
function MyCode() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const simNo = useSession((s) => s.simNo);
  const mine = useMyOneCode();
  const link = mine.data ? appAddress(mine.data.page, undefined) : '';
  const [qr, setQr] = useState('');
  useEffect(() => {
    if (link) void qrDataUrl(link).then(setQr);
  }, [link]);
  if (mine.isError) {
    return (
      <div className="center-view">
        <ErrorBlock status="default" title={t('iot.common.loadFailed')} description="" />
      </div>
    );
  }
  if (!mine.data) return <SimLoading lines={6} />;
  const renew = async () => {
    const sure = await Dialog.confirm({
      title: t('oneCode.renew'),
      content: t('oneCode.renewConfirm'),
      confirmText: t('oneCode.renewOk'),
      cancelText: t('common.cancel'),
    });
    if (!sure) return;
    try {
      const fresh = await postOneCodeRenew();
      queryClient.setQueryData(myOneCodeKey(simNo), fresh);
      Toast.show({ content: t('oneCode.renewed') });
    } catch {
      // The request layer showed the refusal.
    }
  };
  return (
    <div className="wifi-page" data-testid="mc-mine">
      <section className="card" aria-label={t('oneCode.mine')}>
        <h2 className="section-title">{t('oneCode.mine')}</h2>
        <div className="wifi-qr">
          {qr ? <img src={qr} alt={t('oneCode.scanAlt')} data-testid="mc-my-qr" /> : null}
          <p>{t('oneCode.mineHint')}</p>
        </div>
        <p className="wifi-link" data-testid="mc-link">
          {link}
        </p>
        <div className="wifi-actions">
          <button type="button" className="sim-ghost-btn" onClick={() => void copyWithToast(link, t('oneCode.link'))}>
            {t('oneCode.copyLink')}
          </button>
          <button type="button" className="sim-primary-btn" onClick={() => void navigateTo(mine.data.page)} data-testid="mc-open">
            {t('oneCode.open')}
          </button>
        </div>
      </section>
      <section className="card">
        <h2 className="section-title">{t('oneCode.renew')}</h2>
        <p className="wifi-note">{t('oneCode.renewNote')}</p>
        <button type="button" className="sim-ghost-btn" onClick={() => void renew()} data-testid="mc-renew">
          {t('oneCode.renew')}
        </button>
      </section>
    </div>
  );
}

/**
 * One machine one code (spec §2 /pages-sub/iot/machineCode/index): with ?code= the recharge page of
 * the device, open to anyone and limited to a top-up; without, the logged-in holder's own code.
 */
export default function MachineCodePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const loggedIn = useSession(isSimLoggedIn);
  const code = params.get('code') ?? '';
  if (code) {
    if (!TOKEN.test(code)) {
      return (
        <div className="center-view" data-testid="mc-invalid">
          <ErrorBlock status="default" title={t('oneCode.invalid')} description="" />
        </div>
      );
    }
    return <RechargePage code={code} />;
  }
  if (!loggedIn) {
    return (
      <div className="center-view">
        <ErrorBlock status="empty" title={t('oneCode.loginForMine')} description="" />
        <button type="button" className="sim-pill-btn" onClick={() => void reLaunch(SIM_LOGIN)}>
          {t('wifi.login')}
        </button>
      </div>
    );
  }
  return <MyCode />;
}
