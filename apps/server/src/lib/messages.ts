/**
 * Server messages in the caller's language. A refusal carries a message id of the contract
 * (`@simshop/contract/messages`) and its values; the texts are the catalogue files of
 * `src/messages/` (one per language), with `{name}` for a value and
 * `{name, plural, one {…} other {…}}` for a word that follows a count (English only needs it).
 * A value may itself be a catalogue word (`{ term }`) or a list of values, joined the language's way.
 * messages.test.ts keeps the three catalogues and the contract's ids in step.
 */
import { FIELDS, type FieldId, MESSAGES, type MessageId, type MessageParamName } from '@simshop/contract/messages';
import en from '../messages/en.json' with { type: 'json' };
import zhHans from '../messages/zh-Hans.json' with { type: 'json' };
import zhHant from '../messages/zh-Hant.json' with { type: 'json' };
import type { RequestContext } from './context.ts';

export type Language = RequestContext['language'];
export const LANGUAGES: readonly Language[] = ['en', 'zh-Hans', 'zh-Hant'];

/** The catalogue of each language: message id, or `field.<name>`, to text. */
export const CATALOGUES: Readonly<Record<Language, Readonly<Record<string, string>>>> = {
  en,
  'zh-Hans': zhHans,
  'zh-Hant': zhHant,
};

/** A value put into a message: shown as it is, a catalogue word, or a list of values. */
export type Param = string | number | { readonly term: MessageId } | readonly Param[];
export type Params<I extends MessageId> = { readonly [K in MessageParamName<I>]: Param };
/** What a message id needs after it: nothing, or its values. */
export type ParamArgs<I extends MessageId> = MessageParamName<I> extends never ? [] : [params: Params<I>];

/** `{name}` or `{name, plural, one {…} other {…}}`. */
export const PLACEHOLDER = /\{(\w+)(?:, plural, one \{([^{}]*)\} other \{([^{}]*)\})?\}/g;

function text(key: string, language: Language): string {
  return CATALOGUES[language][key] ?? CATALOGUES.en[key] ?? key;
}

function show(value: Param, language: Language): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (Array.isArray(value)) return value.map((v) => show(v, language)).join(text('term.listSeparator', language));
  return text((value as { term: MessageId }).term, language);
}

/** A message in the language, its values filled in. */
export function render(id: MessageId, params: Readonly<Record<string, Param>>, language: Language): string {
  return text(id, language).replace(PLACEHOLDER, (whole, name: string, one?: string, other?: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    if (one !== undefined) return Number(value) === 1 ? one : (other ?? '');
    return show(value, language);
  });
}

const KNOWN_FIELDS = new Set<string>(FIELDS);

/**
 * The label of a request field. A path deep in a body (`numberRules.0.markup`) is named by its
 * deepest part with a label, else its first; a path with none is "this entry": a person never
 * reads a field's name.
 */
export function fieldLabel(field: string, language: Language): string {
  if (KNOWN_FIELDS.has(field)) return text(`field.${field as FieldId}`, language);
  const parts = field.split(/[.[\]]/).filter((p) => p !== '' && !/^\d+$/.test(p));
  const known = [...parts].reverse().find((p) => KNOWN_FIELDS.has(p));
  return text(`field.${(known ?? 'entry') as FieldId}`, language);
}

/** A refusal about a field: "Label: problem", with the language's colon. */
export function renderAbout(field: string | undefined, id: MessageId, params: Readonly<Record<string, Param>>, language: Language) {
  const problem = render(id, params, language);
  if (!field) return problem;
  const label = fieldLabel(field, language);
  if (language !== 'en') return `${label}：${problem}`;
  return `${label.charAt(0).toUpperCase()}${label.slice(1)}: ${problem}`;
}

/** An amount of fen as people read it: ¥10,000.00. */
export function yuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const [whole, cents] = (Math.abs(fen) / 100).toFixed(2).split('.');
  return `${sign}¥${(whole ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** A catalogue word for a value the catalogue may know (a payment method): the word, else the value. */
export function termOr(prefix: 'term.payMethod' | 'term.effect' | 'term.agreement', value: string): Param {
  const id = `${prefix}.${value}`;
  return Object.hasOwn(MESSAGES, id) ? { term: id as MessageId } : value;
}
