import type { Front } from '@simshop/contract/site';
import { lazy, Suspense } from 'react';
import { useAfterFirstPaint } from '../../../lib/after-paint.tsx';
import { openLink } from '../open-link.ts';

const CarouselSwiper = lazy(() => import('./carousel-swiper.tsx'));

export function Slide({ item }: { item: Front['indexCarousel'][number] }) {
  return (
    <button type="button" className="carousel-item" onClick={() => openLink(item.link)} aria-label={item.title}>
      <img src={item.image} alt={item.title} width={351} height={140} />
    </button>
  );
}

/**
 * The home carousel of the promoter (front.indexCarousel): its first slide at once, in the place and
 * size of the carousel; the sliding carousel (Swiper and its gesture and animation libraries) takes
 * over after the first paint.
 */
export function Carousel({ items }: { items: Front['indexCarousel'] }) {
  const after = useAfterFirstPaint();
  const first = items[0];
  if (!first) return null;
  const still = <Slide item={first} />;
  return (
    <div className="carousel">
      {items.length > 1 && after ? (
        <Suspense fallback={still}>
          <CarouselSwiper items={items} />
        </Suspense>
      ) : (
        still
      )}
    </div>
  );
}
