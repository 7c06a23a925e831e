import { Code } from '@simshop/contract/codes';
import { Dialog } from 'antd-mobile';
import { t } from '../../../lib/i18n.ts';
import { knowsPage, navigateTo } from '../../../lib/nav.ts';
import type { ApiError } from '../../../lib/request.ts';

const REALNAME = '/pages/iot/index/realnameAuth/index';

/** 41002: real-name authentication comes first; offer to go there when the page exists. */
export function showRealnameRequired(): void {
  const canGo = knowsPage(REALNAME);
  Dialog.show({
    title: t('iot.realname.title'),
    content: t('iot.realname.required'),
    closeOnAction: true,
    actions: canGo
      ? [
          [
            { key: 'later', text: t('iot.realname.later') },
            { key: 'go', text: t('iot.realname.go'), bold: true, onClick: () => void navigateTo(REALNAME) },
          ],
        ]
      : [{ key: 'ok', text: t('iot.common.gotIt'), bold: true }],
  });
}

/** The browser leaves for the provider's cashier; it comes back to the order's result page. */
export function goToCashier(payUrl: string): void {
  window.location.assign(payUrl);
}

export const isPasswordRequired = (code: number) => code === Code.PAY_PASSWORD_REQUIRED;
export const isRealnameRequired = (code: number) => code === Code.REALNAME_REQUIRED;

/** A refusal about the pay password (wrong, or the lock): the field the server names, in any language. */
export const isPasswordField = (error: ApiError) =>
  error.field === 'payPassword' || error.field === 'oldPayPassword' || /^(old)?payPassword:/i.test(error.message);
