import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One word per idea in each language, in every text of the product (the storefront, the SIM app,
 * the console and the server's messages): Traditional Chinese tops up with 儲值 and logs in with 登入,
 * Simplified Chinese with 充值 and 登录.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const DIRS = ['apps/web/src/locales', 'apps/admin/src/locales', 'apps/server/src/messages'];

function textsOf(language: 'zh-Hans' | 'zh-Hant'): { file: string; text: string }[] {
  const files = DIRS.flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith(`${language}.json`))
      .map((f) => path.join(dir, f)),
  );
  return files.map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }));
}

const offending = (language: 'zh-Hans' | 'zh-Hant', words: string[]) =>
  textsOf(language).flatMap(({ file, text }) => words.filter((w) => text.includes(w)).map((w) => `${file}: ${w}`));

describe('the words of each language', () => {
  it('Traditional Chinese says 儲值 and 登入, never 充值 or 登錄', () => {
    expect(textsOf('zh-Hant').length).toBeGreaterThan(5);
    expect(offending('zh-Hant', ['充值', '登錄', '储值'])).toEqual([]);
  });

  it('Simplified Chinese says 充值 and 登录, never 储值, 儲值 or 登入', () => {
    expect(textsOf('zh-Hans').length).toBeGreaterThan(5);
    expect(offending('zh-Hans', ['储值', '儲值', '登入'])).toEqual([]);
  });
});
