import { AppstoreOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { LinkBlock } from './LinkBlock.tsx';

/** The self-service app (log in with the card for everything else: packages, usage, balance). */
export function AppRecharge({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  return (
    <LinkBlock
      url={url || '/pages/iot/login/index'}
      title={title || t('oneCode.app')}
      hint={t('oneCode.appHint')}
      icon={<AppstoreOutline />}
      testId="mc-app"
    />
  );
}
