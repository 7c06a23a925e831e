import type { Front } from '@simshop/contract/site';
import { Swiper } from 'antd-mobile';
import { Slide } from './carousel.tsx';

/** The sliding carousel (antd-mobile's Swiper), loaded after the home page's first paint. */
export default function CarouselSwiper({ items }: { items: Front['indexCarousel'] }) {
  return (
    <Swiper autoplay loop={items.length > 1} style={{ '--border-radius': '12px' }}>
      {items.map((item) => (
        <Swiper.Item key={item.image}>
          <Slide item={item} />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
