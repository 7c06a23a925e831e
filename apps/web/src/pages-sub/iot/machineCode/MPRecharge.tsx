import { MessageOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { LinkBlock } from './LinkBlock.tsx';

/** The promoter's WeChat mini program (shown when it gives its link). */
export function MPRecharge({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  if (!url) return null;
  return <LinkBlock url={url} title={title || t('oneCode.mp')} hint={t('oneCode.mpHint')} icon={<MessageOutline />} />;
}
