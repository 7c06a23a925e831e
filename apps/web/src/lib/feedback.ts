// biome-ignore lint/style/noRestrictedImports: the lazy wrapper takes antd-mobile's own signatures
import type { Dialog as AntdDialog, Toast as AntdToast } from 'antd-mobile';

/**
 * antd-mobile's Toast and Dialog, loaded on the first message shown: with their mask, popup and
 * animation library they weigh more than a page, and no page needs them before its first paint.
 * Same calls as antd-mobile's (`Toast.show`, `Dialog.show` / `confirm` / `clear`); messages keep
 * their order. Import them from here, never from 'antd-mobile' (the linter says so).
 */
const antd = () => import('./feedback-antd.ts');

type Params<F> = F extends (...args: infer A) => unknown ? A : never;

export const Toast = {
  show: (...args: Params<typeof AntdToast.show>): void => void antd().then((m) => m.Toast.show(...args)),
  clear: (): void => void antd().then((m) => m.Toast.clear()),
};

export const Dialog = {
  show: (...args: Params<typeof AntdDialog.show>): void => void antd().then((m) => m.Dialog.show(...args)),
  confirm: async (...args: Params<typeof AntdDialog.confirm>): Promise<boolean> => (await antd()).Dialog.confirm(...args),
  clear: (): void => void antd().then((m) => m.Dialog.clear()),
};
