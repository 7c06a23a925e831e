import { useTranslation } from 'react-i18next';

/** A how-to video the promoter gives (shown when it has a file). */
export function VideoTutorial({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  if (!url) return null;
  return (
    <section className="card" aria-label={title || t('oneCode.video')}>
      <h2 className="section-title">{title || t('oneCode.video')}</h2>
      {/* biome-ignore lint/a11y/useMediaCaption: a silent how-to clip given by the promoter */}
      <video className="mc-video" src={url} controls preload="metadata" playsInline />
    </section>
  );
}
