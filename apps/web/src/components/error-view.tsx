/** antd-mobile's error view (10 KiB of illustrations), loaded only when a page shows an error. */
export { ErrorBlock as default } from 'antd-mobile';
