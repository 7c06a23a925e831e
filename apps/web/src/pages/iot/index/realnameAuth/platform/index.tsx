import { isChineseId } from '@simshop/contract/validate';
import { Checkbox } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhotoUpload } from '../../../../../components/photo-upload.tsx';
import { Input } from '../../../../../components/text-input.tsx';
import { useProtocol } from '../../../../../features/sim/api/protocol.ts';
import { useRealnameInfo } from '../../../../../features/sim/api/realname-info.ts';
import { useRealnameConsent, useSimPlatformAuth } from '../../../../../features/sim/api/sim-platform-auth.ts';
import { SimLoadFailed, SimLoading } from '../../../../../features/sim/components/page-state.tsx';
import { ProtocolView } from '../../../../../features/sim/components/protocol-view.tsx';
import { AuthBadge, RequestSummary } from '../../../../../features/sim/components/realname-parts.tsx';
import { useRequireSim } from '../../../../../features/sim/use-require-sim.ts';
import { Toast } from '../../../../../lib/feedback.ts';
import { currentLanguage } from '../../../../../lib/i18n.ts';
import { redirectTo } from '../../../../../lib/nav.ts';

/**
 * Before any ID or face photo: the privacy policy in force, and the holder's explicit consent to
 * collecting them, recorded by the server with its version and time.
 */
function ConsentStep({ version }: { version: number }) {
  const { t, i18n } = useTranslation();
  const privacy = useProtocol('privacy', i18n.language ? currentLanguage() : 'en');
  const consent = useRealnameConsent();
  const [checked, setChecked] = useState(false);
  return (
    <div className="sim-page acct-page" data-testid="realname-consent">
      <section className="card acct-card">
        <h2>{t('iot.realnameAuth.consentTitle')}</h2>
        <p className="muted">{t('iot.realnameAuth.consentIntro')}</p>
      </section>
      <section className="card acct-card acct-consent-policy">
        <ProtocolView q={privacy} />
      </section>
      <section className="card acct-card">
        <Checkbox checked={checked} onChange={setChecked}>
          {t('iot.realnameAuth.consentCheck')}
        </Checkbox>
      </section>
      <button
        type="button"
        className="sim-primary-btn"
        disabled={!checked || !privacy.data || consent.isPending}
        onClick={() => consent.mutate(privacy.data?.version ?? version)}
      >
        {t('iot.realnameAuth.consentAgree')}
      </button>
    </div>
  );
}

/**
 * The platform's own real-name check: the holder's name, ID number (§5 rule with its check
 * character) and three photos, uploaded as they are chosen; the request is then under review.
 */
export default function PlatformAuthPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const realname = useRealnameInfo();
  const submit = useSimPlatformAuth();
  const [name, setName] = useState('');
  const [idNumber, setIdNumber] = useState('');
  const [photos, setPhotos] = useState({ facePhoto: '', idFrontPhoto: '', idBackPhoto: '' });
  if (!loggedIn) return null;
  if (realname.isError) return <SimLoadFailed onRetry={() => void realname.refetch()} />;
  const r = realname.data;
  if (!r) return <SimLoading />;

  if (r.authPlatformStatus === 1 || r.authPlatformStatus === 2) {
    return (
      <div className="sim-page acct-page">
        <section className="card acct-card" data-testid="platform-state">
          <div className="acct-card-head">
            <h2>{t('iot.realnameAuth.platform')}</h2>
            <AuthBadge status={r.authPlatformStatus} />
          </div>
          <p className="muted">{r.authPlatformStatus === 1 ? t('iot.realnameAuth.allDoneHint') : t('iot.realnameAuth.reviewing')}</p>
          <RequestSummary request={r.platform} />
        </section>
      </div>
    );
  }

  // Photos only after consent to the privacy policy in force (the server refuses them otherwise).
  if (!r.consent || r.consent.version !== r.consentVersion) return <ConsentStep version={r.consentVersion} />;

  const idOk = isChineseId(idNumber.trim());
  const ready = [...name.trim()].length >= 2 && idOk && photos.facePhoto && photos.idFrontPhoto && photos.idBackPhoto;
  const set = (key: keyof typeof photos) => (id: string) => setPhotos((p) => ({ ...p, [key]: id }));
  return (
    <div className="sim-page acct-page">
      {r.authPlatformStatus === 3 ? (
        <section className="card acct-card">
          <div className="acct-card-head">
            <h2>{t('iot.realnameAuth.rejected')}</h2>
            <AuthBadge status={3} />
          </div>
          <RequestSummary request={r.platform} />
        </section>
      ) : null}
      <section className="card acct-card">
        <h2>{t('iot.realnameAuth.holder')}</h2>
        <div className="sim-field">
          <Input
            aria-label={t('iot.realnameAuth.name')}
            placeholder={t('iot.realnameAuth.namePlaceholder')}
            maxLength={30}
            value={name}
            onChange={setName}
          />
        </div>
        <div className="sim-field">
          <Input
            aria-label={t('iot.realnameAuth.idNumber')}
            placeholder={t('iot.realnameAuth.idPlaceholder')}
            maxLength={18}
            value={idNumber}
            onChange={(v) => setIdNumber(v.toUpperCase())}
          />
        </div>
        {idNumber.length === 18 && !idOk ? <p className="acct-error">{t('iot.realnameAuth.badId')}</p> : null}
      </section>
      <section className="card acct-card">
        <h2>{t('iot.realnameAuth.photos')}</h2>
        <p className="muted">{t('iot.realnameAuth.photosHint')}</p>
        <div className="acct-photos">
          <PhotoUpload url="/api/iot/upload" purpose="idFront" label={t('iot.realnameAuth.idFront')} onChange={set('idFrontPhoto')} />
          <PhotoUpload url="/api/iot/upload" purpose="idBack" label={t('iot.realnameAuth.idBack')} onChange={set('idBackPhoto')} />
          <PhotoUpload url="/api/iot/upload" purpose="face" label={t('iot.realnameAuth.face')} onChange={set('facePhoto')} />
        </div>
      </section>
      <button
        type="button"
        className="sim-primary-btn"
        disabled={!ready || submit.isPending}
        onClick={() =>
          submit.mutate(
            { name: name.trim(), idNumber: idNumber.trim(), ...photos },
            {
              onSuccess: () => {
                Toast.show({ icon: 'success', content: t('iot.realnameAuth.submitted') });
                void redirectTo('/pages/iot/index/realnameAuth/index');
              },
            },
          )
        }
      >
        {t('iot.realnameAuth.submit')}
      </button>
    </div>
  );
}
