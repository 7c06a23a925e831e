import { SinglePage } from './index.tsx';

/** /pages-sub/single/single: a featured page opened from a link, under the navigation bar. */
export default function SingleDetailPage() {
  return <SinglePage home={false} />;
}
