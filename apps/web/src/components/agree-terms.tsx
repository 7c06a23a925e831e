import { Checkbox } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { navigateTo } from '../lib/nav.ts';

/** "I have read and agree to the transaction terms and the service promise", with links to both. */
export function AgreeTerms({ checked, onChange }: { checked: boolean; onChange: (agreed: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <div className="pretty-agree">
      <span className="muted">
        <Checkbox checked={checked} onChange={onChange} style={{ '--icon-size': '16px', '--font-size': '12px', '--gap': '6px' }}>
          {t('shop.number.agreePrefix')}
        </Checkbox>
        <button
          type="button"
          className="text-link"
          data-tap-exempt="link in a sentence"
          onClick={() => void navigateTo('/pages/about/payment')}
        >
          {t('shop.number.terms')}
        </button>
        {t('shop.number.agreeAnd')}
        <button
          type="button"
          className="text-link"
          data-tap-exempt="link in a sentence"
          onClick={() => void navigateTo('/pages/about/promise')}
        >
          {t('shop.number.promise')}
        </button>
      </span>
    </div>
  );
}
