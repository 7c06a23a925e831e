import type { SimLayout } from '@simshop/contract/iot';
import { Swiper } from 'antd-mobile';
import { runMenu } from './menus.tsx';

type Carousel = SimLayout['carousels'][number];

/** The layout carousel (spec §2 swiper); each slide runs like a menu item. */
export function SimSwiper({ items, values }: { items: Carousel[]; values: { promoCode: string; sn: string } }) {
  if (items.length === 0) return null;
  return (
    <div className="sim-swiper">
      <Swiper autoplay loop={items.length > 1} style={{ '--border-radius': '12px' }}>
        {items.map((item) => (
          <Swiper.Item key={item.image + item.title}>
            <button type="button" className="sim-swiper-item" aria-label={item.title} onClick={() => runMenu(item, values)}>
              <img src={item.image} alt={item.title} width={351} height={120} />
            </button>
          </Swiper.Item>
        ))}
      </Swiper>
    </div>
  );
}
