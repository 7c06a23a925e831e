import type { SimLayout } from '@simshop/contract/iot';
import { Swiper } from 'antd-mobile';
import { SwiperSlide } from './swiper.tsx';

type Carousel = SimLayout['carousels'][number];

/** The sliding layout carousel (antd-mobile's Swiper with its gesture and animation libraries). */
export default function SwiperSlides({ items, values }: { items: Carousel[]; values: { promoCode: string; sn: string } }) {
  return (
    <Swiper autoplay loop={items.length > 1} style={{ '--border-radius': '12px' }}>
      {items.map((item) => (
        <Swiper.Item key={item.image + item.title}>
          <SwiperSlide item={item} values={values} />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
