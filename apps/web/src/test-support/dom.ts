/**
 * What a person does on a page, in DOM terms: find a control by the words on it, tap it, type into
 * a field. Events go through the DOM as a browser sends them, so React handles them as it ships.
 */

const words = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The innermost elements whose text is `text` (or matches it). */
export function allByText(root: ParentNode, text: string | RegExp): HTMLElement[] {
  const match = (s: string) => (typeof text === 'string' ? s === text : text.test(s));
  const hits = [...root.querySelectorAll<HTMLElement>('*')].filter((el) => match(words(el)));
  return hits.filter((el) => !hits.some((other) => other !== el && el.contains(other)));
}

/** The control (button, link, tab) a person taps to do `text`. */
export function control(root: ParentNode, text: string | RegExp): HTMLElement | null {
  for (const el of allByText(root, text)) {
    const target = el.closest<HTMLElement>('button, a, [role="button"], [role="tab"], label, .adm-checkbox');
    if (target) return target;
  }
  const labelled = [...root.querySelectorAll<HTMLElement>('[aria-label]')].find((el) =>
    typeof text === 'string' ? el.getAttribute('aria-label') === text : text.test(el.getAttribute('aria-label') ?? ''),
  );
  return labelled ?? null;
}

/** The field labelled `label` (its aria-label or placeholder). */
export function field(root: ParentNode, label: string): HTMLInputElement | null {
  return (
    [...root.querySelectorAll<HTMLInputElement>('input, textarea')].find(
      (el) => el.getAttribute('aria-label') === label || el.getAttribute('placeholder') === label,
    ) ?? null
  );
}

/** A person's next action comes after the app has handled the last one (React applies an event's updates after it). */
const nextAction = () => new Promise((resolve) => setTimeout(resolve, 0));

export async function tap(el: Element | null, what = 'control'): Promise<void> {
  if (!el) throw new Error(`nothing to tap: ${what}`);
  (el as HTMLElement).click();
  await nextAction();
}

/** Types `value` into a field as the browser reports it (React's onChange sees an input event). */
export async function typeInto(input: HTMLInputElement | null, value: string, what = 'field'): Promise<void> {
  if (!input) throw new Error(`no field to type into: ${what}`);
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await nextAction();
}

/** The text of an element as a person reads it (white space collapsed). */
export const readText = (el: Element | null | undefined) => (el ? words(el) : '');
