/** antd-mobile's pull-to-refresh (with its gesture and animation libraries), loaded after the dashboard first paints. */
export { PullToRefresh as default } from 'antd-mobile';
