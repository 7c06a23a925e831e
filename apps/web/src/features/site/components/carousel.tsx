import type { Front } from '@simshop/contract/site';
import { Swiper } from 'antd-mobile';
import { openLink } from '../open-link.ts';

/** The home carousel of the promoter (front.indexCarousel). */
export function Carousel({ items }: { items: Front['indexCarousel'] }) {
  if (items.length === 0) return null;
  return (
    <div className="carousel">
      <Swiper autoplay loop={items.length > 1} style={{ '--border-radius': '12px' }}>
        {items.map((item) => (
          <Swiper.Item key={item.image}>
            <button type="button" className="carousel-item" onClick={() => openLink(item.link)} aria-label={item.title}>
              <img src={item.image} alt={item.title} width={351} height={140} />
            </button>
          </Swiper.Item>
        ))}
      </Swiper>
    </div>
  );
}
