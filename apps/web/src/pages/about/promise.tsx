import { AboutText } from './about-text.tsx';

/** Service promise (spec §2 /pages/about/promise). */
export default function PromisePage() {
  return <AboutText section="promise" />;
}
