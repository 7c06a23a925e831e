import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSinglePage } from '../../features/single-page/api/single-page-info.ts';
import { reLaunch } from '../../lib/nav.ts';
import { useSession } from '../../lib/session.ts';
import { SingleBlocks, useSinglePopup } from './blocks.tsx';

const DEFAULT_HOME = '/pages/index/default';

/** The featured page of a page code (query `pageCode`, else the one the visitor came with). */
export function SinglePage({ home }: { home: boolean }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const carried = useSession((s) => s.carried.pageCode);
  const pageCode = params.get('pageCode') || carried || '';
  const page = useSinglePage(pageCode);
  useSinglePopup(home ? page.data : undefined);
  useEffect(() => {
    if (home && page.data) document.title = page.data.title;
  }, [home, page.data]);
  if (!pageCode || page.isError) {
    return (
      <div className="center-view">
        <ErrorBlock status="empty" title={t('single.missing')} description={t('single.missingHint')} />
        <Button color="primary" shape="rounded" onClick={() => void reLaunch(DEFAULT_HOME)}>
          {t('single.toShop')}
        </Button>
      </div>
    );
  }
  if (!page.data) {
    return (
      <div className="card">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  }
  return (
    <div className="single-page">
      {home ? <h1 className="single-head">{page.data.title}</h1> : null}
      <SingleBlocks page={page.data} />
    </div>
  );
}

/** /pages-sub/single/index: the featured page as home (its own header, its popup once per session). */
export default function SingleHomePage() {
  return <SinglePage home />;
}
