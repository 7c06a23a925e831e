import { useTranslation } from 'react-i18next';
import { useBaseConfig } from '../../features/site/api/base-config.ts';

/** A numbered text of the shop (terms, promise): a lead paragraph and clauses, all translated. */
export function AboutText({ section }: { section: 'terms' | 'promise' }) {
  const { t } = useTranslation();
  const config = useBaseConfig();
  const shop = config?.promoName || config?.front.title || t('app.name');
  const clauses = t(`shop.about.${section}.clauses`, { returnObjects: true, shop }) as unknown;
  const list = Array.isArray(clauses) ? (clauses as { title: string; text: string }[]) : [];
  return (
    <article className="card" style={{ lineHeight: 1.75 }}>
      <h1 className="section-title" style={{ fontSize: 18 }}>
        {t(`shop.about.${section}.title`)}
      </h1>
      <p className="muted" style={{ fontSize: 13 }}>
        {t(`shop.about.${section}.lead`, { shop })}
      </p>
      {list.map((c, i) => (
        <section key={c.title}>
          <h2 style={{ fontSize: 15, margin: '16px 0 4px' }}>
            {i + 1}. {c.title}
          </h2>
          <p style={{ margin: 0, color: 'var(--text-2)', fontSize: 14 }}>{c.text}</p>
        </section>
      ))}
    </article>
  );
}
