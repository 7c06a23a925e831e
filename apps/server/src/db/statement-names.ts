/**
 * Which SQL texts PostgreSQL keeps parsed and planned on each connection (named statements), and
 * their names. Without a name, PostgreSQL parses and plans a text on every run; on a purchase's 20
 * statements that was most of the database's work (decision 0055).
 *
 * - A text is named when asked (`keep`, for the hot queries of db/prepared.ts), or on its
 *   `hotRuns`-th run with values (`nameOf`): a text run once or twice (a migration, a bulk seed)
 *   takes no name.
 * - At most `maxNamed` names, ever: a connection keeps each named text it has run for its life, so
 *   their number bounds what each connection holds. Texts longer than `maxText` (bulk inserts,
 *   whose text grows with their rows) are never named.
 * - The runs of texts not yet named are counted in a map of at most `maxCounted` texts, emptied
 *   when full.
 */
export interface StatementNamesOptions {
  hotRuns: number;
  maxNamed: number;
  maxText: number;
  maxCounted: number;
}

export class StatementNames {
  readonly #names = new Map<string, string>();
  readonly #runs = new Map<string, number>();

  constructor(readonly options: StatementNamesOptions) {}

  /** Names `text` now (while there is room); its name, if it has one. */
  keep(text: string): string | undefined {
    const named = this.#names.get(text);
    if (named !== undefined || this.#names.size >= this.options.maxNamed) return named;
    const name = `simshop_${this.#names.size + 1}`;
    this.#names.set(text, name);
    this.#runs.delete(text);
    return name;
  }

  /** The name `text` runs under, counting this run (`parameterized`: it has values), if any. */
  nameOf(text: string, parameterized: boolean): string | undefined {
    const name = this.#names.get(text);
    if (name !== undefined || !parameterized) return name;
    const { hotRuns, maxNamed, maxText, maxCounted } = this.options;
    if (text.length > maxText || this.#names.size >= maxNamed) return undefined;
    const runs = (this.#runs.get(text) ?? 0) + 1;
    if (runs < hotRuns) {
      if (!this.#runs.has(text) && this.#runs.size >= maxCounted) this.#runs.clear();
      this.#runs.set(text, runs);
      return undefined;
    }
    return this.keep(text);
  }

  get size(): number {
    return this.#names.size;
  }
}
