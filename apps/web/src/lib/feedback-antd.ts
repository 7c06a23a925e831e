// The chunk lib/feedback.ts loads on first use: antd-mobile's imperative Toast and Dialog, with the
// render hook they need under React 19.
import './antd-compat.ts';

// biome-ignore lint/style/noRestrictedImports: the one place that loads them
export { Dialog, Toast } from 'antd-mobile';
