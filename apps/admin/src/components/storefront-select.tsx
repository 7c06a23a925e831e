import type { AdminPromoter } from '@simshop/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { api } from '../lib/api.ts';

/** The storefronts the operator may see. */
export const promotersQuery = {
  queryKey: ['admin', 'promoters'],
  queryFn: () => api<{ list: AdminPromoter[] }>('GET', '/promoters'),
  staleTime: 60_000,
};

/** Storefronts as picker options: "promo code · name". */
export const storefrontOptions = (list: readonly AdminPromoter[]) =>
  list.map((p) => ({ value: p.id, label: `${p.promoCode} · ${p.name}` }));

/** A picker of the storefronts the operator may see; every other property (as set by a form item too) goes to the select. */
export function StorefrontSelect(props: Omit<SelectProps<number>, 'options'>) {
  const promoters = useQuery(promotersQuery);
  return <Select<number> {...props} options={storefrontOptions(promoters.data?.list ?? [])} />;
}
