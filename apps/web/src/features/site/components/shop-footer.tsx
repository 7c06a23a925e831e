import type { Front } from '@simshop/contract/site';
import { useTranslation } from 'react-i18next';

/** Bottom tips and ICP code of the storefront. */
export function ShopFooter({ front }: { front: Front }) {
  const { t } = useTranslation();
  return (
    <footer className="footer-tips">
      {front.bottomTips ? <p style={{ margin: '0 0 6px' }}>{front.bottomTips}</p> : null}
      {front.ipcCode ? <p style={{ margin: 0 }}>{t('footer.icp', { code: front.ipcCode })}</p> : null}
    </footer>
  );
}
