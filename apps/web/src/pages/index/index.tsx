import { Grid, Skeleton } from 'antd-mobile';
import { RightOutline, SearchOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useBaseConfig } from '../../features/site/api/base-config.ts';
import { Carousel } from '../../features/site/components/carousel.tsx';
import { ShopFooter } from '../../features/site/components/shop-footer.tsx';
import { ShopHeader } from '../../features/site/components/shop-header.tsx';
import { openLink } from '../../features/site/open-link.ts';
import { knowsPage } from '../../lib/nav.ts';
import './index.css';

export default function HomePage() {
  const { t } = useTranslation();
  const config = useBaseConfig();
  if (!config) {
    return (
      <div className="card">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  }
  const { front } = config;
  const fastNav = front.fastNav.filter((item) => knowsPage(item.link));
  const numbersPage = '/pages/index/VanityNumber/index';
  return (
    <div className="home">
      <div className="home-top">
        <ShopHeader front={front} />
        {front.indexSearch && knowsPage(numbersPage) ? (
          <button type="button" className="home-search" onClick={() => openLink(numbersPage)}>
            <SearchOutline /> <span>{t('home.search')}</span>
          </button>
        ) : null}
      </div>
      <Carousel items={front.indexCarousel} />
      {fastNav.length > 0 ? (
        <div className="card home-fastnav">
          <Grid columns={4} gap={8}>
            {fastNav.map((item) => (
              <Grid.Item key={item.link + item.title}>
                <button type="button" className="fastnav-item" onClick={() => openLink(item.link)}>
                  <img src={item.icon} alt="" width={40} height={40} />
                  <span>{item.title}</span>
                </button>
              </Grid.Item>
            ))}
          </Grid>
        </div>
      ) : null}
      {knowsPage('/pages/iot/login/index') ? (
        <button type="button" className="card home-iot" onClick={() => openLink('/pages/iot/login/index')}>
          <div>
            <div className="home-iot-title">{t('home.iot')}</div>
            <div className="muted">{t('home.iotHint')}</div>
          </div>
          <RightOutline />
        </button>
      ) : null}
      <ShopFooter front={front} />
    </div>
  );
}
