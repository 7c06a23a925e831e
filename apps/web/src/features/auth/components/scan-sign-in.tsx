import type { AuthorizeStatus } from '@simshop/contract/oauth';
import { Button, Popup, SpinLoading } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { qrDataUrl } from '../../../lib/qr.ts';
import { checkScan } from '../api/check-scan.ts';
import './scan-sign-in.css';

/** How often the desktop asks whether the phone has confirmed. */
const POLL_MS = 2000;

type Shown = { state: string; url: string; qr: string; expiresAt: number };
type Phase = 'waiting' | 'expired' | 'denied';

/**
 * Sign-in by scanning (POST /api/site/checkScanAuthorize): a QR code that WeChat on the visitor's
 * phone opens; this browser asks every two seconds until the phone has confirmed, then is signed in
 * (`onResult` gets the signed-in status, or `needMobile` when the WeChat account has no mobile yet).
 */
export function ScanSignIn({
  visible,
  onClose,
  onResult,
}: {
  visible: boolean;
  onClose: () => void;
  onResult: (r: AuthorizeStatus, state: string) => void;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Shown | null>(null);
  const [phase, setPhase] = useState<Phase>('waiting');
  const [round, setRound] = useState(0);

  // A new code each time the popup opens or the visitor asks for one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` asks for a new code
  useEffect(() => {
    if (!visible) return;
    let live = true;
    setShown(null);
    setPhase('waiting');
    checkScan().then(
      async (r) => {
        const qr = await qrDataUrl(new URL(r.url, location.origin).href);
        if (live) setShown({ state: r.state, url: r.url, qr, expiresAt: r.expiresAt });
      },
      () => live && setPhase('expired'),
    );
    return () => {
      live = false;
    };
  }, [visible, round]);

  useEffect(() => {
    if (!visible || !shown || phase !== 'waiting') return;
    const timer = setInterval(async () => {
      if (Date.now() >= shown.expiresAt) return setPhase('expired');
      const reply = await checkScan(shown.state).catch(() => null);
      if (!reply) return setPhase('expired');
      const { status } = reply.result;
      if (status === 'denied') setPhase('denied');
      else if (status !== 'pending') onResult(reply.result, shown.state);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [visible, shown, phase, onResult]);

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="scan-popup" destroyOnClose>
      <div className="scan-head">
        <h2>{t('authorize.scanTitle')}</h2>
        <button type="button" className="scan-close" aria-label={t('common.close')} onClick={onClose}>
          <CloseOutline />
        </button>
      </div>
      <div className="scan-body">
        {shown ? (
          <img
            className={`scan-qr${phase === 'waiting' ? '' : ' faded'}`}
            src={shown.qr}
            width={200}
            height={200}
            alt={t('authorize.scanQr')}
            data-scan-url={shown.url}
          />
        ) : phase === 'waiting' ? (
          <div className="scan-qr scan-loading" aria-busy="true">
            <SpinLoading />
          </div>
        ) : null}
        {phase === 'waiting' ? (
          <p className="scan-hint" role="status">
            {t('authorize.scanHint')}
          </p>
        ) : (
          <>
            <p className="scan-hint" role="status">
              {t(phase === 'denied' ? 'authorize.scanDenied' : 'authorize.scanExpired')}
            </p>
            <Button color="primary" shape="rounded" onClick={() => setRound((n) => n + 1)}>
              {t('authorize.scanAgain')}
            </Button>
          </>
        )}
      </div>
    </Popup>
  );
}
