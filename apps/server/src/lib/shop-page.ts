import { gzipSync } from 'node:zlib';
import type { Language } from '@simshop/contract/headers';
import type { BaseConfig } from '@simshop/contract/site';

/** The id of the page's data block (apps/web's features/site/api/base-config.ts reads it). */
const SHOP_BOOT_ID = 'shop-boot';

/** JSON safe inside a script element: nothing in it can close the element or start markup. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const attribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The shop's page as GET /shop/ serves it: the built index.html with the default storefront's base
 * config in a data block (in the language the browser asks for) and its first banner preloaded, so
 * a first visit draws the home without waiting for the config's round trip. The app uses the block
 * only when it shows the default storefront in that language; otherwise it asks as before. A
 * banner off this origin is not preloaded (the page's CSP would not load it).
 */
export function shopPage(template: string, config: BaseConfig, language: Language): string {
  const banner = config.front.indexCarousel[0]?.image ?? '';
  const preload =
    banner.startsWith('/') && !banner.startsWith('//')
      ? `<link rel="preload" as="image" href="${attribute(banner)}" fetchpriority="high">`
      : '';
  const boot = `<script id="${SHOP_BOOT_ID}" type="application/json">${scriptJson({ language, config })}</script>`;
  return template.replace('</head>', `${preload}${boot}</head>`);
}

/** A page as sent: its text, and gzipped for clients that take it. */
export interface ShopPage {
  html: string;
  gzip: Buffer;
}

const made = (html: string): ShopPage => ({ html, gzip: gzipSync(html) });

/**
 * The shop's pages of one build: the plain one, and one per base config (the site module keeps one
 * object per storefront and language until it changes), each written and compressed once.
 */
export function shopPages(template: string) {
  const byConfig = new WeakMap<BaseConfig, ShopPage>();
  return {
    plain: made(template),
    of(config: BaseConfig, language: Language): ShopPage {
      let page = byConfig.get(config);
      if (!page) {
        page = made(shopPage(template, config, language));
        byConfig.set(config, page);
      }
      return page;
    },
  };
}
