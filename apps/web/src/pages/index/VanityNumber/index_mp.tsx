/**
 * /pages/index/VanityNumber/index_mp: the numbers home as the mini-program build opens it (spec §2).
 * The web build has one numbers page, so both routes show it.
 */
export { default } from './index.tsx';
