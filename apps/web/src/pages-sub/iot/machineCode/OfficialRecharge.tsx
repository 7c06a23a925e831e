import { GlobalOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { LinkBlock } from './LinkBlock.tsx';

/** The operator's own top-up site (shown when the promoter gives its link). */
export function OfficialRecharge({ url, title, operator }: { url: string; title: string; operator: string }) {
  const { t } = useTranslation();
  if (!url) return null;
  return (
    <LinkBlock url={url} title={title || t('oneCode.official')} hint={t('oneCode.officialHint', { operator })} icon={<GlobalOutline />} />
  );
}
