import { Button, ErrorBlock, InfiniteScroll, Rate, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCreateReview } from '../../../features/reviews/api/create-review.ts';
import { useReviews } from '../../../features/reviews/api/review-list.ts';
import { navigateBack } from '../../../lib/nav.ts';
import '../../../components/shop.css';
import './comment.css';
import { TextArea } from '../../../components/text-area.tsx';
import { formatDate } from '../../../lib/datetime.ts';
import { Toast } from '../../../lib/feedback.ts';

/** Write the review of a completed order (`?orderNo=`): the buyer only, once. */
function WriteReview({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const [rating, setRating] = useState(5);
  const [content, setContent] = useState('');
  const create = useCreateReview();
  const send = () => {
    if (content.trim().length < 2) {
      Toast.show({ content: t('shop.reviews.tooShort') });
      return;
    }
    create.mutate(
      { orderNo, rating, content: content.trim() },
      {
        onSuccess: () => {
          Toast.show({ icon: 'success', content: t('shop.reviews.thanks') });
          void navigateBack();
        },
      },
    );
  };
  return (
    <section className="card review-write" aria-label={t('shop.reviews.write')}>
      <h2 className="section-title">{t('shop.reviews.write')}</h2>
      <div className="review-write-rate">
        <span className="muted">{t('shop.reviews.yourRating')}</span>
        <Rate value={rating} onChange={setRating} />
      </div>
      <TextArea
        value={content}
        onChange={setContent}
        placeholder={t('shop.reviews.placeholder')}
        maxLength={140}
        showCount
        rows={3}
        aria-label={t('shop.reviews.write')}
      />
      <Button block color="primary" shape="rounded" loading={create.isPending} onClick={send} style={{ marginTop: 12 }}>
        {t('shop.reviews.submit')}
      </Button>
    </section>
  );
}

export default function CommentPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const reviews = useReviews();
  const first = reviews.data?.pages[0];
  const items = reviews.data?.pages.flatMap((p) => p.list) ?? [];
  const date = formatDate;

  return (
    <div className="reviews">
      {/^N\d{20}$/.test(orderNo) ? <WriteReview orderNo={orderNo} /> : null}
      <section className="card reviews-summary">
        {first ? (
          <>
            <div className="reviews-score">{first.total > 0 ? first.average.toFixed(1) : '—'}</div>
            <div>
              <Rate readOnly allowHalf value={first.average} style={{ '--star-size': '16px' }} />
              <div className="muted">{t('shop.reviews.count', { count: first.total })}</div>
            </div>
          </>
        ) : (
          <Skeleton.Paragraph lineCount={2} animated style={{ width: '100%' }} />
        )}
      </section>
      {first && items.length === 0 ? (
        <ErrorBlock status="empty" title={t('shop.reviews.none')} description={t('shop.reviews.noneHint')} />
      ) : null}
      {items.map((r) => (
        <article key={r.id} className="review-item">
          <header className="review-item-head">
            <span className="review-avatar" aria-hidden="true" data-user-text>
              {r.name.slice(0, 1)}
            </span>
            <span className="review-who">
              <b data-user-text>{r.name}</b>
              <Rate readOnly value={r.rating} style={{ '--star-size': '11px' }} />
            </span>
            <span className="muted">{date(r.createdAt)}</span>
          </header>
          <p className="review-text" data-user-text>
            {r.content}
          </p>
          <span className="chip-tag op">{t('shop.reviews.bought', { number: r.number })}</span>
        </article>
      ))}
      {items.length > 0 ? (
        <InfiniteScroll
          threshold={50}
          hasMore={!!reviews.hasNextPage}
          loadMore={async () => {
            const result = await reviews.fetchNextPage();
            if (result.isError) throw result.error;
          }}
        >
          {(hasMore) => <span className="muted">{hasMore ? t('common.loading') : t('shop.numbers.end')}</span>}
        </InfiniteScroll>
      ) : null}
    </div>
  );
}
