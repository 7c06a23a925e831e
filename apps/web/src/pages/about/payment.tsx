import { AboutText } from './about-text.tsx';

/** Transaction terms (spec §2 /pages/about/payment). */
export default function PaymentTermsPage() {
  return <AboutText section="terms" />;
}
