/**
 * Simplified → Traditional Chinese (Taiwan standard) with OpenCC's own dictionaries, as opencc-js's
 * `Converter({ from: 'cn', to: 'tw' })` converts, in a tenth of its memory: opencc-js builds a trie
 * of one Map per character (about 40 MB of heap for these 53,000 phrases, held for the life of the
 * process); here each dictionary group is one flat map of phrases, searched for the longest phrase
 * at each position, which is what the trie finds. The texts converted are short and converted once
 * each (see `toTraditional`), so the few extra look-ups do not matter.
 */
import { lazyRequire } from '../../lib/lazy-require.ts';

type Dictionary = string | string[][];
/** What opencc-js's `cn2t` and `t2cn` entries export: the dictionary groups by variant. */
type Dictionaries = { Locale: { from: Record<string, unknown>; to: Record<string, unknown> } };

/** One dictionary group of OpenCC: its phrases (the first dictionary of the group wins) and their lengths, longest first. */
class PhraseTable {
  readonly #phrases = new Map<string, string>();
  readonly #lengths: number[];
  /** The longest phrase starting with each first code unit. */
  readonly #longest = new Map<string, number>();

  constructor(group: Dictionary[]) {
    const lengths = new Set<number>();
    for (const dictionary of [...group].reverse()) {
      const entries = typeof dictionary === 'string' ? dictionary.split('|').map((e) => e.split(' ')) : dictionary;
      for (const [from, to] of entries) {
        if (from === undefined || to === undefined) continue;
        this.#phrases.set(from, to);
        lengths.add(from.length);
        const first = from.charAt(0);
        this.#longest.set(first, Math.max(this.#longest.get(first) ?? 0, from.length));
      }
    }
    this.#lengths = [...lengths].sort((a, b) => b - a);
  }

  convert(text: string): string {
    const out: string[] = [];
    let plain = -1;
    for (let i = 0; i < text.length; ) {
      let match: string | undefined;
      let end = i;
      const longest = Math.min(this.#longest.get(text.charAt(i)) ?? 0, text.length - i);
      for (const length of this.#lengths) {
        if (length > longest) continue;
        match = this.#phrases.get(text.slice(i, i + length));
        if (match !== undefined) {
          end = i + length;
          break;
        }
      }
      if (match === undefined) {
        if (plain < 0) plain = i;
        i += step(text, i);
        continue;
      }
      if (plain >= 0) out.push(text.slice(plain, i));
      plain = -1;
      out.push(match);
      i = end;
    }
    if (plain >= 0) out.push(text.slice(plain));
    return out.join('');
  }
}

const unitsAt = (s: string, i: number) => ((s.codePointAt(i) ?? 0) > 0xffff ? 2 : 1);

/** The end of an ideographic description sequence starting at `i` (⿰氵每…), or 0: such a sequence is one unit, as in OpenCC. */
function sequenceEnd(s: string, i: number): number {
  const c = s.codePointAt(i) ?? 0;
  const parts = c === 0x2ff2 || c === 0x2ff3 ? 3 : c >= 0x2ff0 && c <= 0x2fff ? 2 : 0;
  if (parts === 0) return 0;
  let j = i + unitsAt(s, i);
  for (let k = 0; k < parts; k++) {
    if (j >= s.length) return 0;
    j = sequenceEnd(s, j) || j + unitsAt(s, j);
  }
  return j;
}

function step(s: string, i: number): number {
  const end = sequenceEnd(s, i);
  return end > i ? end - i : unitsAt(s, i);
}

/**
 * A conversion through the dictionary groups `from.<from>` then `to.<to>` of an opencc-js entry,
 * loaded and built on its first call: a process whose data texts all have their own translations
 * never loads the dictionaries (1.8 MB of text).
 */
function phraseConverter(entry: string, from: string, to: string): (text: string) => string {
  const dictionaries = lazyRequire<Dictionaries>(entry);
  let tables: PhraseTable[] | undefined;
  return (text) => {
    if (!tables) {
      const { Locale } = dictionaries();
      tables = [...(Locale.from[from] as Dictionary[][]), ...(Locale.to[to] as Dictionary[][])].map((group) => new PhraseTable(group));
    }
    return tables.reduce((s, table) => table.convert(s), text);
  };
}

/** Converts Simplified Chinese text to Traditional (Taiwan), phrase by phrase. */
export const simplifiedToTraditional = phraseConverter('opencc-js/cn2t', 'cn', 'tw');

/** Converts Traditional (Taiwan) Chinese text to Simplified, phrase by phrase, as opencc-js's `{ from: 'tw', to: 'cn' }`. */
export const traditionalToSimplified = phraseConverter('opencc-js/t2cn', 'tw', 'cn');
