import { Code } from '@simshop/contract/codes';
import { type FieldId, isMessageId, type MessageId } from '@simshop/contract/messages';
import { type Language, type Param, type ParamArgs, renderAbout, yuan } from './messages.ts';

/**
 * A business refusal: answered with HTTP 200 and one of the §8 codes. It carries a message id of
 * the contract and its values; the error handler renders it in the caller's language. The message
 * is for the person using the app, so it must never carry internals. `message` is the English text
 * (logs, stored failure reasons).
 */
export class BizError<I extends MessageId = MessageId> extends Error {
  readonly params: Readonly<Record<string, Param>>;
  /** The request field the refusal is about (the x-error-field header), if any. */
  field: string | undefined;
  /** The HTTP status of the reply: 200 for the business codes, 429 for the rate limit. */
  status = 200;

  constructor(
    readonly code: number,
    readonly id: I,
    ...[params]: ParamArgs<I>
  ) {
    const values: Readonly<Record<string, Param>> = params ?? {};
    super(renderAbout(undefined, id, values, 'en'));
    this.name = 'BizError';
    this.params = values;
  }

  /** The same refusal about a field. */
  about(field: string): this {
    this.field = field;
    this.message = renderAbout(field, this.id, this.params, 'en');
    return this;
  }

  /** The text for the user, in their language. */
  render(language: Language): string {
    return renderAbout(this.field, this.id, this.params, language);
  }
}

/** Invalid input: code -1 naming the field. */
export function invalid<I extends MessageId>(field: FieldId, id: I, ...params: ParamArgs<I>): BizError<I> {
  return new BizError(Code.FAILED, id, ...params).about(field);
}

/** A failed operation: code -1. */
export function fail<I extends MessageId>(id: I, ...params: ParamArgs<I>): BizError<I> {
  return new BizError(Code.FAILED, id, ...params);
}

/** A refusal as stored for a replay (idempotency keys). */
export interface StoredRefusal {
  code: number;
  id: MessageId;
  params: Readonly<Record<string, Param>>;
  field?: string;
}

export const storeRefusal = (e: BizError): StoredRefusal => ({ code: e.code, id: e.id, params: e.params, field: e.field });

export function replayRefusal(s: StoredRefusal): BizError {
  const e = new (BizError as new (code: number, id: MessageId, params: Readonly<Record<string, Param>>) => BizError)(
    s.code,
    s.id,
    s.params,
  );
  return s.field ? e.about(s.field) : e;
}

/** The parts of a zod issue a refusal uses (fastify-type-provider-zod passes them as params). */
export interface ZodIssueLike {
  code?: string;
  message?: string;
  expected?: string;
  origin?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  inclusive?: boolean;
  values?: readonly unknown[];
  keys?: readonly string[];
  divisor?: number | bigint;
}

const TYPES = new Set(['string', 'number', 'int', 'boolean', 'array', 'object']);
const value = (v: unknown): Param => (typeof v === 'number' ? v : String(v));

/**
 * A schema failure as a refusal about `field`: the contract's own message id when the schema gives
 * one, else one by the kind of problem.
 */
export function schemaRefusal(issue: ZodIssueLike, field: string): BizError {
  const r = <I extends MessageId>(id: I, ...params: ParamArgs<I>) => fail(id, ...params).about(field);
  // A money limit of the contract (the schemas count fen): the limit in yuan
  if (issue.message === 'validation.moneyMax') return r('validation.moneyMax', { max: yuan(Number(issue.maximum)) });
  if (issue.message === 'validation.moneyMin') return r('validation.moneyMin', { min: yuan(Number(issue.minimum)) });
  if (issue.message && isMessageId(issue.message)) {
    return new (BizError as new (code: number, id: MessageId) => BizError)(Code.FAILED, issue.message).about(field);
  }
  const sized = issue.origin === 'string' ? 'string' : issue.origin === 'array' || issue.origin === 'set' ? 'items' : 'number';
  switch (issue.code) {
    case 'invalid_type':
      if (/received undefined$/.test(issue.message ?? '')) return r('validation.required');
      if (issue.expected && TYPES.has(issue.expected)) {
        return r('validation.type', { type: { term: `term.type.${issue.expected}` as MessageId } });
      }
      return r('validation.format');
    case 'too_big': {
      const max = value(issue.maximum);
      if (sized === 'string') return r('validation.maxLength', { max });
      if (sized === 'items') return r('validation.maxItems', { max });
      return issue.inclusive === false ? r('validation.lessThan', { max }) : r('validation.max', { max });
    }
    case 'too_small': {
      const min = value(issue.minimum);
      if (sized !== 'number' && issue.inclusive !== false && Number(issue.minimum) === 1) return r('validation.required');
      if (sized === 'string') return r('validation.minLength', { min });
      if (sized === 'items') return r('validation.minItems', { min });
      return issue.inclusive === false ? r('validation.greaterThan', { min }) : r('validation.min', { min });
    }
    case 'invalid_value':
      return r('validation.oneOf', { values: (issue.values ?? []).map(value) });
    case 'not_multiple_of':
      return r('validation.multipleOf', { divisor: value(issue.divisor) });
    case 'unrecognized_keys':
      return r('validation.unknownKeys', { keys: [...(issue.keys ?? [])] });
    default:
      return r('validation.format');
  }
}
