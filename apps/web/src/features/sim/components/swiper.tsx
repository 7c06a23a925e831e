import type { SimLayout } from '@simshop/contract/iot';
import { lazy, Suspense } from 'react';
import { useAfterFirstPaint } from '../../../lib/after-paint.tsx';
import { runMenu } from './menus.tsx';

type Carousel = SimLayout['carousels'][number];

const SwiperSlides = lazy(() => import('./swiper-slides.tsx'));

export function SwiperSlide({ item, values }: { item: Carousel; values: { promoCode: string; sn: string } }) {
  return (
    <button type="button" className="sim-swiper-item" aria-label={item.title} onClick={() => runMenu(item, values)}>
      <img src={item.image} alt={item.title} width={351} height={120} />
    </button>
  );
}

/**
 * The layout carousel (spec §2 swiper); each slide runs like a menu item. Its first slide shows at
 * once in the carousel's place; the sliding carousel takes over after the first paint.
 */
export function SimSwiper({ items, values }: { items: Carousel[]; values: { promoCode: string; sn: string } }) {
  const after = useAfterFirstPaint();
  const first = items[0];
  if (!first) return null;
  const still = <SwiperSlide item={first} values={values} />;
  return (
    <div className="sim-swiper">
      {items.length > 1 && after ? (
        <Suspense fallback={still}>
          <SwiperSlides items={items} values={values} />
        </Suspense>
      ) : (
        still
      )}
    </div>
  );
}
