import { type ChangeEvent, type ComponentProps, type Ref, useState } from 'react';

// The spec's text limit (§5) for every field of the app: the native PlainInput here, and antd-mobile's
// Input and TextArea wrapped in text-input.tsx and text-area.tsx (biome.json sends every other import of
// them there). Each wrapper is a module of its own, so a page loads only the field it shows.

/** A text field takes at most this many characters unless it sets its own limit (spec §5). */
export const TEXT_MAX_LENGTH = 140;

/**
 * `text` cut to `max` characters. Characters are counted as the HTML `maxlength` attribute counts
 * them, and as the server's length checks do: UTF-16 code units (JavaScript's `length`), so a
 * field never takes what its call would refuse. A cut never splits a surrogate pair (an emoji is
 * kept whole or left out).
 */
export function clampText(text: string, max: number = TEXT_MAX_LENGTH): string {
  if (text.length <= max) return text;
  let end = Math.max(0, Math.floor(max));
  const last = text.charCodeAt(end - 1);
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end);
}

export function setRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * The value a field shows: the caller's when it passes `value` (a form item always does), else its
 * own, so that every change goes through the limit whether the caller holds the text or not.
 */
export function useText(props: { value?: string | null; defaultValue?: string }, max: number, onChange?: (value: string) => void) {
  const controlled = 'value' in props;
  const [own, setOwn] = useState(() => clampText(props.defaultValue ?? '', max));
  const text = controlled ? (props.value ?? '') : own;
  const change = (next: string) => {
    const clamped = clampText(next, max);
    if (!controlled) setOwn(clamped);
    onChange?.(clamped);
  };
  return [text, change] as const;
}

export type PlainInputProps = ComponentProps<'input'>;

/**
 * A native text input (search boxes, amounts) with the same limit: `maxLength` defaults to 140 and
 * the value the change handler reads is already cut to it.
 */
export function PlainInput({ maxLength = TEXT_MAX_LENGTH, onChange, ...rest }: PlainInputProps) {
  const handle = (event: ChangeEvent<HTMLInputElement>) => {
    const clamped = clampText(event.target.value, maxLength);
    if (clamped !== event.target.value) event.target.value = clamped;
    onChange?.(event);
  };
  return <input {...rest} maxLength={maxLength} onChange={handle} />;
}
