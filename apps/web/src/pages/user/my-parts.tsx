import { APP_VERSION } from '@simshop/contract/headers';
import type { BaseConfig } from '@simshop/contract/site';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ActionSheet, Avatar, Button, Popup, Tag } from 'antd-mobile';
import {
  BellOutline,
  CheckCircleOutline,
  GlobalOutline,
  InformationCircleOutline,
  PayCircleOutline,
  ReceiptOutline,
  ShopbagOutline,
  SystemQRcodeOutline,
  TeamOutline,
  TextOutline,
  TruckOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useManagesAgent } from '../../features/agents/api/agents.ts';
import { useUnseenWatchHits } from '../../features/numbers/api/number-watch.ts';
import { copyWithToast } from '../../lib/clipboard.ts';
import { changeLanguage, currentLanguage, LANGUAGES } from '../../lib/i18n.ts';
import { knowsPage, LOGIN, navigateTo, reLaunch, SIM_HOME, SIM_LOGIN, switchTab } from '../../lib/nav.ts';
import { appAddress, qrDataUrl } from '../../lib/qr.ts';
import { isSimLoggedIn, maskMobile, useSession } from '../../lib/session.ts';
import './index.css';

const ORDERS = '/pages/order/index';
const ABOUT = '/pages/about/textTemplate';
const NUMBER_WATCH = '/pages/index/VanityNumber/watch';
const ORDER_STATES = [
  { status: 'awaiting_payment', Icon: PayCircleOutline },
  { status: 'paid', Icon: ReceiptOutline },
  { status: 'shipped', Icon: TruckOutline },
  { status: 'completed', Icon: CheckCircleOutline },
] as const;

/** Whether the shopper manages this agent storefront: agent things are for the agent alone, not its shoppers. */
function useAgentOwner(config: BaseConfig | null): boolean {
  const promoCode = useSession((s) => s.carried.promoCode) || config?.promoCode || '';
  const loggedIn = useSession((s) => s.userInfo.mobile !== '');
  return useManagesAgent(promoCode, loggedIn && config?.isAgent === true);
}

/** Who is using the shop: avatar, name and mobile, or the way to log in. */
export function MyHead({ config, plain = false }: { config: BaseConfig | null; plain?: boolean }) {
  const { t } = useTranslation();
  const user = useSession((s) => s.userInfo);
  const agent = useAgentOwner(config);
  return (
    <div className={plain ? 'my-head my-head-plain' : 'my-head'}>
      <Avatar alt="" src={user.avatar} style={{ '--size': '56px', '--border-radius': '50%' }} />
      <div className="my-who">
        <div className="my-name">{user.mobile ? user.nickname || maskMobile(user.mobile) : t('my.guest')}</div>
        {user.mobile ? (
          <div className="my-sub">{maskMobile(user.mobile)}</div>
        ) : knowsPage(LOGIN) ? (
          <button type="button" className="my-login" onClick={() => void navigateTo(LOGIN)}>
            {t('my.login')}
          </button>
        ) : (
          <div className="my-sub">{t('my.loginPrompt')}</div>
        )}
      </div>
      {agent ? <Tag color="warning">{t('my.agent')}</Tag> : null}
    </div>
  );
}

/** Shortcuts to the orders in each state. */
export function OrderShortcuts() {
  const { t } = useTranslation();
  return (
    <section className="my-card" aria-labelledby="my-orders">
      <div className="my-card-head">
        <h2 id="my-orders">{t('my.orders')}</h2>
        <button type="button" className="my-more" onClick={() => void switchTab(ORDERS)}>
          {t('my.allOrders')}
        </button>
      </div>
      <div className="my-states">
        {ORDER_STATES.map(({ status, Icon }) => (
          <button
            key={status}
            type="button"
            className="my-state"
            data-wrap-ok="grid label"
            onClick={() => void switchTab(`${ORDERS}?status=${status}`)}
          >
            <Icon aria-hidden="true" />
            <span>{t(`shop.orders.tab.${status}`)}</span>
          </button>
        ))}
      </div>
    </section>
  );
}

/** A QR code made here of a text, in a bottom popup with a title and what to do with it. */
function QrPopup({
  open,
  onClose,
  title,
  hint,
  image,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  hint: string;
  image: string | undefined;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderTopLeftRadius: 16, borderTopRightRadius: 16 }}>
      <div className="my-qr" role="dialog" aria-label={title}>
        <h2>{title}</h2>
        <p className="muted">{hint}</p>
        {image ? <img src={image} alt={title} width={180} height={180} /> : null}
        {children}
        <Button block shape="rounded" onClick={onClose}>
          {t('common.close')}
        </Button>
      </div>
    </Popup>
  );
}

/** The entries of the My tab beyond orders: each with its icon, label, value and action. */
export interface MyEntry {
  key: string;
  icon: ReactNode;
  label: string;
  extra?: string;
  testId?: string;
  onClick: () => void;
}

/** The My tab's entries and the popups they open (language, invite, follow). */
export function useMyEntries(config: BaseConfig | null): { entries: MyEntry[]; popups: ReactNode } {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const promoCode = useSession((s) => s.carried.promoCode);
  const [open, setOpen] = useState<'' | 'language' | 'invite' | 'follow'>('');
  const language = currentLanguage();
  const front = config?.front;
  const invite = front?.showInviteRegister === 1 && config?.inviteCode ? config.inviteCode : '';
  const inviteLink = appAddress('/pages/index/index', promoCode || config?.promoCode);
  const inviteQr = useQuery({
    queryKey: ['inviteQr', inviteLink] as const,
    queryFn: () => qrDataUrl(inviteLink),
    enabled: open === 'invite',
    staleTime: Number.POSITIVE_INFINITY,
  });
  const close = () => setOpen('');
  const loggedIn = useSession((s) => s.userInfo.mobile !== '');
  const unseen = useUnseenWatchHits(loggedIn && knowsPage(NUMBER_WATCH)).data?.unseen ?? 0;
  const agent = useAgentOwner(config);

  const entries: MyEntry[] = [
    ...(agent
      ? [{ key: 'agent', icon: <TeamOutline />, label: t('my.downstream'), onClick: () => void navigateTo('/pages/index/agent/index') }]
      : []),
    ...(knowsPage(NUMBER_WATCH)
      ? [
          {
            key: 'watch',
            icon: <BellOutline />,
            label: t('my.numberAlerts'),
            ...(unseen > 0 ? { extra: t('my.newFound', { count: unseen }) } : {}),
            onClick: () => void navigateTo(NUMBER_WATCH),
          },
        ]
      : []),
    ...(invite ? [{ key: 'invite', icon: <TeamOutline />, label: t('my.invite'), extra: invite, onClick: () => setOpen('invite') }] : []),
    { key: 'service', icon: <UserContactOutline />, label: t('my.service'), onClick: () => void switchTab('/pages/customer/index') },
    ...(knowsPage(SIM_LOGIN)
      ? [
          {
            key: 'iot',
            icon: <GlobalOutline />,
            label: t('my.iot'),
            onClick: () => void (isSimLoggedIn() ? reLaunch(SIM_HOME) : navigateTo(SIM_LOGIN)),
          },
        ]
      : []),
    ...(front?.followQr ? [{ key: 'follow', icon: <SystemQRcodeOutline />, label: t('my.follow'), onClick: () => setOpen('follow') }] : []),
    {
      key: 'language',
      icon: <TextOutline />,
      label: t('my.language'),
      extra: t(`language.${language}`),
      testId: 'language-switch',
      onClick: () => setOpen('language'),
    },
    {
      key: 'about',
      icon: <InformationCircleOutline />,
      label: t('my.about'),
      extra: t('my.version', { version: APP_VERSION }),
      onClick: () => void navigateTo(ABOUT),
    },
    ...(config
      ? [
          {
            key: 'store',
            icon: <ShopbagOutline />,
            label: t('my.promoter'),
            extra: config.promoName,
            onClick: () => void navigateTo(ABOUT),
          },
        ]
      : []),
  ];

  const popups = (
    <>
      <ActionSheet
        visible={open === 'language'}
        extra={t('language.choose')}
        cancelText={t('common.cancel')}
        onClose={close}
        actions={LANGUAGES.map((lng) => ({
          key: lng,
          text: t(`language.${lng}`),
          bold: lng === language,
          onClick: () => {
            close();
            // Data texts (store name, packages, notices) come from the server in the chosen language.
            void changeLanguage(lng).then(() => queryClient.invalidateQueries());
          },
        }))}
      />
      <QrPopup open={open === 'invite'} onClose={close} title={t('my.invite')} hint={t('my.inviteHint')} image={inviteQr.data}>
        <div className="my-invite-code">
          <span>{t('my.inviteCode')}</span>
          <strong>{invite}</strong>
          <Button
            size="small"
            color="primary"
            fill="outline"
            shape="rounded"
            onClick={() => void copyWithToast(invite, t('my.inviteCode'))}
          >
            {t('my.copy')}
          </Button>
        </div>
      </QrPopup>
      <QrPopup open={open === 'follow'} onClose={close} title={t('my.follow')} hint={t('my.followHint')} image={front?.followQr} />
    </>
  );
  return { entries, popups };
}

/** Log out of the storefront (only while logged in). */
export function LogoutButton() {
  const { t } = useTranslation();
  const mobile = useSession((s) => s.userInfo.mobile);
  const logoutUser = useSession((s) => s.logoutUser);
  if (!mobile) return null;
  return (
    <div className="my-logout">
      <Button block shape="rounded" onClick={logoutUser}>
        {t('my.logout')}
      </Button>
    </div>
  );
}
