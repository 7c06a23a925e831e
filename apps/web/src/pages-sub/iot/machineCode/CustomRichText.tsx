import { useMemo } from 'react';
import { sanitizeHtml } from '../../../lib/sanitize.ts';

/** The promoter's own text (notes, opening hours), sanitised before it is shown. */
export function CustomRichText({ content, title }: { content: string; title: string }) {
  const html = useMemo(() => sanitizeHtml(content), [content]);
  if (!html) return null;
  return (
    <section className="card" aria-label={title || undefined}>
      {title ? <h2 className="section-title">{title}</h2> : null}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by lib/sanitize.ts */}
      <div className="mc-rich" data-testid="mc-rich" dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}
