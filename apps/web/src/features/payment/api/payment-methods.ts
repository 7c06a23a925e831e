import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { useSession } from '../../../lib/session.ts';

export interface PaymentMethod {
  method: string;
  name: string;
}

export function fetchPaymentMethods(promoCode: string | undefined): Promise<PaymentMethod[]> {
  return get<PaymentMethod[]>('/api/shop/payment/methods', { promoCode });
}

export const paymentMethodsQuery = (promoCode: string | undefined) => ({
  queryKey: ['paymentMethods', promoCode ?? ''] as const,
  queryFn: () => fetchPaymentMethods(promoCode),
  staleTime: 5 * 60_000,
});

/** What the cashier offers: the storefront's showPaymentType that the server can take. */
export function usePaymentMethods() {
  const promoCode = useSession((s) => s.carried.promoCode);
  return useQuery(paymentMethodsQuery(promoCode));
}
