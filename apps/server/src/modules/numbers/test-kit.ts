import { randomBytes } from 'node:crypto';
import type { App } from '../../lib/route.ts';
import { patternTags, tagMask } from './patterns.ts';
import { findByNumber, insertNumbers } from './repository.ts';

/** Helpers of the API tests that need numbers of their own (imported by tests and test kits only). */

/** `n` random decimal digits. */
export const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');

export interface NumberSpec {
  /** Operator type code: 4 China Mobile (default), 2 China Unicom, 1 China Telecom, 3 China Broadnet. */
  operator?: string;
  price?: number;
  prestored?: number;
  minMonthlyFee?: number;
  province?: string;
  city?: string;
  /** The number's last digits (at most 8); the rest are random. */
  endsWith?: string;
}

const SEGMENT: Record<string, string> = { '4': '198', '2': '196', '1': '199', '3': '192' };

/**
 * A number of its own on sale, added through the inventory repository the seed uses, and the first
 * package of its operator. Random digits: numbers never collide, even across concurrent runs.
 */
export async function makeNumber(app: App, spec: NumberSpec = {}): Promise<{ number: string; packageId: number; amount: number }> {
  const operator = spec.operator ?? '4';
  const price = spec.price ?? 8800;
  const prestored = spec.prestored ?? 5000;
  for (let attempt = 0; ; attempt++) {
    const ending = spec.endsWith ?? '';
    const number = `${SEGMENT[operator] ?? '198'}${digits(8 - ending.length)}${ending}`;
    if (await findByNumber(app.db.db, number)) continue;
    try {
      await insertNumbers(
        app.db.db,
        [
          {
            number,
            operator,
            province: spec.province ?? '440000',
            city: spec.city ?? '440300',
            price,
            prestored,
            minMonthlyFee: spec.minMonthlyFee ?? 0,
            tags: tagMask(patternTags(number)),
            rank: Number.parseInt(digits(9), 10),
          },
        ],
        app.config.now(),
      );
    } catch (err) {
      if (attempt < 3) continue; // another run took the same digits a moment ago
      throw err;
    }
    const p = await app.db.db
      .selectFrom('number_packages')
      .select('id')
      .where('operator', '=', operator)
      .orderBy('sort')
      .executeTakeFirstOrThrow();
    return { number, packageId: p.id, amount: price + prestored };
  }
}
