import './pretty-number.css';

/** Groups of a mobile number as people read it: 3-4-4 (138 8888 0520). */
export function groupNumber(number: string): string[] {
  if (number.length !== 11) return [number];
  return [number.slice(0, 3), number.slice(3, 7), number.slice(7)];
}

type Range = [start: number, end: number];

function longestRun(number: string, step: (a: number, b: number) => boolean, min: number): Range | null {
  let best: Range | null = null;
  let start = 3;
  for (let i = 4; i <= number.length; i++) {
    const continues = i < number.length && step(Number(number[i - 1]), Number(number[i]));
    if (!continues) {
      if (i - start >= min && (!best || i - start >= best[1] - best[0])) best = [start, i];
      start = i;
    }
  }
  return best;
}

/**
 * The part of a number that makes it "pretty", to highlight: a searched tail or fragment first, then
 * the longest run of one digit (3+), lucky tails (1314, 520), AABB / ABAB / ABBA tails, straights (4+),
 * and finally a doubled last digit. Only the last 8 digits count (the segment is not the pattern).
 */
export function luckyRange(number: string, search?: { endsWith?: string; contains?: string }): Range | null {
  if (number.length !== 11) return null;
  if (search?.endsWith && number.endsWith(search.endsWith)) return [11 - search.endsWith.length, 11];
  if (search?.contains) {
    const at = number.lastIndexOf(search.contains);
    if (at >= 0) return [at, at + search.contains.length];
  }
  const same = longestRun(number, (a, b) => a === b, 3);
  if (same && same[1] - same[0] >= 4) return same;
  if (number.endsWith('1314')) return [7, 11];
  const [a, b, c, d] = number.slice(7);
  if ((a === b && c === d) || (a === c && b === d) || (a === d && b === c)) return [7, 11];
  const straight = longestRun(number, (x, y) => y === x + 1, 4) ?? longestRun(number, (x, y) => y === x - 1, 4);
  if (straight) return straight;
  if (same) return same;
  if (number.endsWith('520')) return [8, 11];
  if (c === d) return [9, 11];
  return null;
}

/** A phone number in 3-4-4 groups with its lucky part in the accent colour. */
export function PrettyNumber({
  number,
  size = 'md',
  search,
}: {
  number: string;
  size?: 'sm' | 'md' | 'lg';
  search?: { endsWith?: string; contains?: string };
}) {
  const range = luckyRange(number, search);
  let offset = 0;
  const groups = groupNumber(number);
  return (
    <span className={`pretty-number pn-${size}`} data-number={number}>
      {groups.map((group, gi) => {
        const from = offset;
        offset += group.length;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: groups of one number are positional
          <span key={gi}>
            {gi > 0 ? ' ' : ''}
            <span className="pn-group">
              {Array.from(group, (digit, di) => {
                const at = from + di;
                const lit = range !== null && at >= range[0] && at < range[1];
                return lit ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: digits are positional
                  <em key={di} className="pn-lit">
                    {digit}
                  </em>
                ) : (
                  digit
                );
              })}
            </span>
          </span>
        );
      })}
    </span>
  );
}
