import '../sim.css';
import type { SimInfo, SimLayout } from '@simshop/contract/iot';
import { MessageOutline, UserOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { knowsPage, navigateTo } from '../../../../lib/nav.ts';
import { type GreetingBand, greetingBandAt } from '../../greeting.ts';
import { InfoItem } from './info-item.tsx';
import { NumberRow } from './number-row.tsx';
import { StatusItem } from './status-item.tsx';

/** The layout's avatar or logo, cut to its shape; a neutral figure when there is none or it does not load. */
function Avatar({ src, size, radius }: { src: string; size: number; radius: string }) {
  const [failed, setFailed] = useState(false);
  const box = { width: size, height: size, borderRadius: radius, flex: 'none', display: 'block', overflow: 'hidden' } as const;
  if (!src || failed) {
    return (
      <svg style={{ ...box, background: '#e6e6e6' }} viewBox="0 0 40 40" aria-hidden="true" fill="#fff">
        <circle cx="20" cy="15.5" r="7" />
        <path d="M6.5 40c0-8 6-13 13.5-13s13.5 5 13.5 13z" />
      </svg>
    );
  }
  return <img src={src} alt="" width={size} height={size} style={{ ...box, objectFit: 'cover' }} onError={() => setFailed(true)} />;
}

export interface HeaderProps {
  layout: SimLayout;
  info: SimInfo;
  /** Preview SIM number set by ?iotPreview=IotLayout:{digits}. */
  preview?: string;
  now?: Date;
}

const USER_PAGE = '/pages-sub/iot/user/index';
const CUSTOMER_PAGE = '/pages/iot/index/customer/index';

function Greeting({ band, name }: { band: GreetingBand; name: string }) {
  const { t } = useTranslation();
  return (
    <div className="sim-greeting">
      <div className="sim-greeting-hello" data-testid="greeting" data-band={band}>
        {t(`iot.greeting.${band}`)}
      </div>
      <div className="sim-greeting-sub">{band === 'sleep' ? t('iot.greeting.sleepTip') : name}</div>
    </div>
  );
}

function TopActions() {
  const { t } = useTranslation();
  return (
    <div className="sim-top-actions">
      {knowsPage(CUSTOMER_PAGE) ? (
        <button type="button" className="sim-round-btn" aria-label={t('iot.home.service')} onClick={() => void navigateTo(CUSTOMER_PAGE)}>
          <MessageOutline />
        </button>
      ) : null}
      {knowsPage(USER_PAGE) ? (
        <button type="button" className="sim-round-btn" aria-label={t('iot.home.mine')} onClick={() => void navigateTo(USER_PAGE)}>
          <UserOutline />
        </button>
      ) : null}
    </div>
  );
}

function PreviewTag({ preview }: { preview?: string }) {
  const { t } = useTranslation();
  if (!preview) return null;
  return (
    <div className="sim-preview-tag" data-testid="preview-tag">
      {t('iot.home.preview', { no: preview })}
    </div>
  );
}

function Shell({ className, style, children }: { className: string; style?: React.CSSProperties; children: ReactNode }) {
  return (
    <header className={`sim-header ${className}`} style={style}>
      {children}
    </header>
  );
}

/** Solid colour band with the figures on it (header key `default`). */
export function DefaultHeader({ layout, info, preview, now = new Date() }: HeaderProps) {
  const data = layout.index.header.data;
  return (
    <Shell className="sim-header-default" style={{ background: data.background || undefined, color: data.color || undefined }}>
      <div className="sim-header-top">
        <Avatar src={layout.avatar} size={40} radius="50%" />
        <Greeting band={greetingBandAt(now)} name={layout.name} />
        <TopActions />
      </div>
      <PreviewTag preview={preview} />
      <NumberRow info={info} />
      <div className="sim-status-row">
        {data.statusItems.map((item) => (
          <StatusItem key={item.key} item={item} info={info} />
        ))}
      </div>
      <div className="sim-info-row on-color">
        {data.infoItems.map((item) => (
          <InfoItem key={item.key} item={item} info={info} />
        ))}
      </div>
    </Shell>
  );
}

/** Gradient band fading into the page, with a white card holding the figures (header key `gradual`). */
export function GradualHeader({ layout, info, preview, now = new Date() }: HeaderProps) {
  const data = layout.index.header.data;
  const background = data.background || 'linear-gradient(180deg, #017a62, #3fbf9f)';
  return (
    <Shell className="sim-header-gradual">
      <div className="sim-header-bg" style={{ background, color: data.color || undefined }}>
        <div className="sim-header-top">
          <Avatar src={layout.avatar} size={40} radius="50%" />
          <Greeting band={greetingBandAt(now)} name={layout.name} />
          <TopActions />
        </div>
        <PreviewTag preview={preview} />
      </div>
      <HeaderCard data={data} info={info} />
    </Shell>
  );
}

/** The number, its statuses and its figures: the card of the gradual and simple headers. */
function HeaderCard({
  data,
  info,
  flat = false,
}: {
  data: HeaderProps['layout']['index']['header']['data'];
  info: HeaderProps['info'];
  flat?: boolean;
}) {
  return (
    <div className={flat ? 'sim-header-card flat' : 'sim-header-card'}>
      <NumberRow info={info} />
      <div className="sim-status-row">
        {data.statusItems.map((item) => (
          <StatusItem key={item.key} item={item} info={info} variant="line" />
        ))}
      </div>
      <div className="sim-info-row">
        {data.infoItems.map((item) => (
          <InfoItem key={item.key} item={item} info={info} />
        ))}
      </div>
    </div>
  );
}

/** A compact white header: number, statuses and figures in one card (header key `simple`). */
export function SimpleHeader({ layout, info, preview, now = new Date() }: HeaderProps) {
  const data = layout.index.header.data;
  return (
    <Shell className="sim-header-simple">
      <div className="sim-header-top">
        <Avatar src={layout.logo || layout.avatar} size={36} radius="10px" />
        <Greeting band={greetingBandAt(now)} name={layout.name} />
        <TopActions />
      </div>
      <PreviewTag preview={preview} />
      <HeaderCard data={data} info={info} flat />
    </Shell>
  );
}

/** The header variant the layout asks for (spec §2: default, gradual, simple). */
export function SimHeader(props: HeaderProps) {
  switch (props.layout.index.header.key) {
    case 'gradual':
      return <GradualHeader {...props} />;
    case 'simple':
      return <SimpleHeader {...props} />;
    default:
      return <DefaultHeader {...props} />;
  }
}
