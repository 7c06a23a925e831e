import { Fragment } from 'react';
import { useBaseConfig } from '../../features/site/api/base-config.ts';
import { ShopFooter } from '../../features/site/components/shop-footer.tsx';
import { LogoutButton, MyHead, OrderShortcuts, useMyEntries } from './my-parts.tsx';

/** The My tab of storefront template 2: the same entries as tiles of a grid. */
export function MyGrid() {
  const config = useBaseConfig();
  const { entries, popups } = useMyEntries(config);
  return (
    <div className="my my-template-2">
      <MyHead config={config} plain />
      <OrderShortcuts />
      <section className="my-card" aria-label={config?.promoName ?? ''}>
        <div className="my-grid">
          {entries.map((e) => (
            <button
              key={e.key}
              type="button"
              className="my-tile"
              data-wrap-ok="grid label"
              data-testid={e.testId ?? `my-${e.key}`}
              onClick={e.onClick}
            >
              <span className="my-entry-icon">{e.icon}</span>
              {/* Lines break between words only, never at a word's hyphen ("self-service"). */}
              <span>
                {e.label.split(' ').map((word, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the words of a fixed label
                  <Fragment key={i}>
                    {i > 0 ? ' ' : null}
                    <span className="my-tile-word">{word}</span>
                  </Fragment>
                ))}
              </span>
            </button>
          ))}
        </div>
      </section>
      <LogoutButton />
      {config ? <ShopFooter front={config.front} /> : null}
      {popups}
    </div>
  );
}

/** /pages/user/index2: the My tab in the layout of template 2 (spec §2). */
export default function MyPage2() {
  return <MyGrid />;
}
