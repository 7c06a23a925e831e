/** /pages/index/default: the default home, also while a page code makes the featured page home (spec §2). */
export { DefaultHome as default } from './index.tsx';
