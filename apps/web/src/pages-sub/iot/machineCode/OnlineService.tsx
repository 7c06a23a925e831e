import { UserContactOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { LinkBlock } from './LinkBlock.tsx';

/** Customer service online: the promoter's link, else the app's service page. */
export function OnlineService({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  return (
    <LinkBlock
      url={url || '/pages/customer/index'}
      title={title || t('oneCode.online')}
      hint={t('oneCode.onlineHint')}
      icon={<UserContactOutline />}
      testId="mc-online"
    />
  );
}
