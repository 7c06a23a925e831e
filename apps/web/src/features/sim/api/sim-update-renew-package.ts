import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request.ts';
import { useSession } from '../../../lib/session.ts';
import { renewPackageOptionQuery } from './renew-package-option.ts';

/** POST /api/iot/simUpdateRenewPackage {enabled, packageId}: switches auto-renewal and picks its package. */
export function postSimUpdateRenewPackage(body: { enabled: boolean; packageId?: number }): Promise<unknown> {
  return post<unknown>('/api/iot/simUpdateRenewPackage', body);
}

export function useSimUpdateRenewPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postSimUpdateRenewPackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: renewPackageOptionQuery(useSession.getState().simNo).queryKey }),
  });
}
