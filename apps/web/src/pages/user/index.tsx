import { APP_VERSION } from '@simshop/contract/headers';
import { useQueryClient } from '@tanstack/react-query';
import { ActionSheet, Avatar, List, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBaseConfig } from '../../features/site/api/base-config.ts';
import { changeLanguage, currentLanguage, LANGUAGES } from '../../lib/i18n.ts';
import { knowsPage, LOGIN, navigateTo, reLaunch, SIM_HOME, SIM_LOGIN, switchTab } from '../../lib/nav.ts';
import { isSimLoggedIn, maskMobile, useSession } from '../../lib/session.ts';
import './index.css';

export default function MyPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const config = useBaseConfig();
  const user = useSession((s) => s.userInfo);
  const logoutUser = useSession((s) => s.logoutUser);
  const [chooseLanguage, setChooseLanguage] = useState(false);
  const language = currentLanguage();

  return (
    <div className="my">
      <div className="my-head">
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
        {config?.isAgent ? <Tag color="warning">{t('my.agent')}</Tag> : null}
      </div>
      <List mode="card">
        <List.Item onClick={() => void switchTab('/pages/order/index')}>{t('my.orders')}</List.Item>
        <List.Item onClick={() => void switchTab('/pages/customer/index')}>{t('my.service')}</List.Item>
        {knowsPage('/pages/iot/login/index') ? (
          <List.Item onClick={() => void (isSimLoggedIn() ? reLaunch(SIM_HOME) : navigateTo(SIM_LOGIN))}>{t('my.iot')}</List.Item>
        ) : null}
      </List>
      <List mode="card">
        <List.Item extra={t(`language.${language}`)} onClick={() => setChooseLanguage(true)} data-testid="language-switch">
          {t('my.language')}
        </List.Item>
        {config ? <List.Item extra={config.promoName}>{t('my.promoter')}</List.Item> : null}
        <List.Item extra={t('my.version', { version: APP_VERSION })}>{t('my.about')}</List.Item>
        {user.mobile ? (
          <List.Item onClick={logoutUser} style={{ color: '#d92d33' }}>
            {t('my.logout')}
          </List.Item>
        ) : null}
      </List>
      <ActionSheet
        visible={chooseLanguage}
        extra={t('language.choose')}
        cancelText={t('common.cancel')}
        onClose={() => setChooseLanguage(false)}
        actions={LANGUAGES.map((lng) => ({
          key: lng,
          text: t(`language.${lng}`),
          bold: lng === language,
          onClick: () => {
            setChooseLanguage(false);
            // Data texts (store name, packages, notices) come from the server in the chosen language.
            void changeLanguage(lng).then(() => queryClient.invalidateQueries());
          },
        }))}
      />
    </div>
  );
}
