import { Code } from '@simshop/contract/codes';
import type { WechatJsapi } from '@simshop/contract/payments';
import type { QueryClient } from '@tanstack/react-query';
import { openCashier } from '../../../lib/cashier.ts';
import { Dialog, Toast } from '../../../lib/feedback.ts';
import { t } from '../../../lib/i18n.ts';
import type { ApiError } from '../../../lib/request.ts';
import { useSession } from '../../../lib/session.ts';
import { payPassStatusQuery } from '../api/pay-pass-status.ts';
import { realnameAction } from '../realname-action.ts';

/** 41002: real-name verification comes first; the dialog offers the way to do it. */
export function showRealnameRequired(): void {
  const action = realnameAction();
  Dialog.show({
    title: t('iot.realname.title'),
    content: action.hint ? `${t('iot.realname.required')} ${action.hint}` : t('iot.realname.required'),
    closeOnAction: true,
    actions: [
      [
        { key: 'later', text: t('iot.realname.later') },
        { key: 'go', text: action.label, bold: true, onClick: action.go },
      ],
    ],
  });
}

/** The browser leaves for the provider's cashier (or WeChat's pay sheet); it comes back to the order's result page. */
export function goToCashier(payment: { payUrl: string; wechatJsapi?: WechatJsapi | undefined }): void {
  openCashier(payment);
}

export const isPasswordRequired = (code: number) => code === Code.PAY_PASSWORD_REQUIRED;
export const isRealnameRequired = (code: number) => code === Code.REALNAME_REQUIRED;

/** A refusal about the pay password (wrong, or the lock): the field the server names, in any language. */
export const isPasswordField = (error: ApiError) =>
  error.field === 'payPassword' || error.field === 'oldPayPassword' || /^(old)?payPassword:/i.test(error.message);

/**
 * A payment with the pay password was refused: 'wrong' when the pay-password sheet should say so
 * (a wrong password, or paying by password is locked); anything else is shown here, the sheet
 * closed (`close`) and 'stop' returned.
 */
export async function passwordRefusal(queryClient: QueryClient, error: ApiError, close: () => void): Promise<'wrong' | 'stop'> {
  // The session ended (§8): the request has toasted it and opens the login page.
  if (error.code === Code.SIM_LOGIN_TIMEOUT || error.code === Code.LOGIN_TIMEOUT) {
    close();
    return 'stop';
  }
  const status = await queryClient.fetchQuery(payPassStatusQuery(useSession.getState().simNo));
  if (status.locked || isPasswordField(error)) return 'wrong';
  Toast.show({ content: error.message || t('request.operationFailed') });
  close();
  return 'stop';
}
