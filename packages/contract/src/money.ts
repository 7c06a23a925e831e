import { z } from 'zod';
import { msg } from './messages.ts';

/**
 * An amount of money in a request, integer fen, from `min` to `max`. A refusal names its limit in
 * yuan (the server renders `validation.moneyMin` / `validation.moneyMax` with the limit as ¥), never
 * a count of fen.
 */
export const fen = (min = 0, max = 100_000_000) =>
  z.number().int().min(min, msg('validation.moneyMin')).max(max, msg('validation.moneyMax'));
