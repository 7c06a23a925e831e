import type { SinglePageBlock, SinglePageInfo } from '@simshop/contract/single-page';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { goodsListQuery } from '../../features/goods/api/goods-list.ts';
import { GoodsGrid, GoodsSkeleton, goodsPage } from '../../features/goods/components/goods-card.tsx';
import { useNumberList } from '../../features/numbers/api/number-list.ts';
import { NumberResults } from '../../features/numbers/components/number-results.tsx';
import { preventSinglePopup, singlePopupPrevented } from '../../features/single-page/popup-prevent.ts';
import { openLink } from '../../features/site/open-link.ts';
import { reportClick } from '../../features/site/tracking.ts';
import { Dialog } from '../../lib/feedback.ts';
import { navigateTo } from '../../lib/nav.ts';
import { sanitizeHtml } from '../../lib/sanitize.ts';
import '../../components/shop.css';
import '../../features/single-page/components/single.css';

type Block<T extends SinglePageBlock['type']> = Extract<SinglePageBlock, { type: T }>;

function NumbersBlock({ block, promoCode }: { block: Block<'numbers'>; promoCode: string }) {
  const list = useNumberList({ promoCode, pattern: block.pattern, operator: block.operator });
  const items = (list.data?.pages[0]?.list ?? []).slice(0, block.limit);
  return (
    <section className="single-numbers" aria-label={block.title}>
      <h2>{block.title}</h2>
      {list.isPending ? (
        <Skeleton.Paragraph lineCount={4} animated />
      ) : (
        <NumberResults items={items} arrange={2} onOpen={(number) => void navigateTo(`/pages/goods/pretty/index?number=${number}`)} />
      )}
    </section>
  );
}

function GoodsBlock({ block, promoCode }: { block: Block<'goods'>; promoCode: string }) {
  const list = useInfiniteQuery(goodsListQuery(promoCode, block.categoryId || ''));
  const items = (list.data?.pages[0]?.list ?? []).slice(0, block.limit);
  if (!list.isPending && items.length === 0) return null;
  return (
    <section className="single-numbers" aria-label={block.title}>
      <h2>{block.title}</h2>
      {list.isPending ? <GoodsSkeleton /> : <GoodsGrid items={items} onOpen={(g) => void navigateTo(goodsPage(g.id))} />}
    </section>
  );
}

/** Opens a block's link and reports the click (never waiting for the report). */
function follow(pageCode: string, target: string, link: string) {
  reportClick(target, { pageCode });
  openLink(link);
}

/** The blocks of a featured page, in order. */
export function SingleBlocks({ page }: { page: SinglePageInfo }) {
  return (
    <>
      {page.blocks.map((block, i) => {
        const key = `${block.type}-${i}`;
        switch (block.type) {
          case 'banner':
            return block.items.map((item, j) => (
              <button
                key={`${key}-${item.image}`}
                type="button"
                className="single-banner"
                disabled={!item.link}
                onClick={() => follow(page.pageCode, `banner-${j}`, item.link)}
              >
                <img src={item.image} alt={item.title} width={702} height={280} />
              </button>
            ));
          case 'text':
            return (
              <section key={key} className="single-text">
                {block.title ? <h2>{block.title}</h2> : null}
                {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rich text sanitised on saving and again by lib/sanitize.ts */}
                <div className="single-text-body" dangerouslySetInnerHTML={{ __html: sanitizeHtml(block.content) }} />
              </section>
            );
          case 'numbers':
            return <NumbersBlock key={key} block={block} promoCode={page.promoCode} />;
          case 'goods':
            return <GoodsBlock key={key} block={block} promoCode={page.promoCode} />;
          case 'button':
            return (
              <div key={key} className="single-button">
                <Button block shape="rounded" color="primary" size="large" onClick={() => follow(page.pageCode, block.key, block.link)}>
                  {block.text}
                </Button>
              </div>
            );
          default:
            return null;
        }
      })}
    </>
  );
}

/** The page's popup, once per browser session (singlePopupPrevent). */
export function useSinglePopup(page: SinglePageInfo | undefined) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!page?.popup.switch || singlePopupPrevented()) return;
    const { popup } = page;
    preventSinglePopup();
    Dialog.show({
      title: popup.title,
      'aria-label': popup.title,
      content: popup.content,
      closeOnMaskClick: true,
      actions: [
        ...(popup.link
          ? [{ key: 'go', text: popup.buttonText, bold: true, onClick: () => follow(page.pageCode, 'popup', popup.link) }]
          : []),
        { key: 'close', text: t('common.close') },
      ],
      closeOnAction: true,
    });
    return () => Dialog.clear();
  }, [page, t]);
}
