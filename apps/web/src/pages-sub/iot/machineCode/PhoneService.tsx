import { PhoneFill, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';

/** The service hotline: tapping calls it. */
export function PhoneService({ phone, title }: { phone: string; title: string }) {
  const { t } = useTranslation();
  if (!phone) return null;
  return (
    <a className="card mc-link" href={`tel:${phone.replace(/[^\d+]/g, '')}`} data-testid="mc-phone">
      <span className="mc-link-icon" aria-hidden="true">
        <PhoneFill />
      </span>
      <span className="mc-link-text">
        <b>{title || t('oneCode.phone')}</b>
        <span>{phone}</span>
      </span>
      <RightOutline className="mc-link-arrow" />
    </a>
  );
}
