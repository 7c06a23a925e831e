import type { InputProps, InputRef, TextAreaProps, TextAreaRef } from 'antd-mobile';
// The one place the app takes antd-mobile's text fields from (biome.json sends every other import here).
// biome-ignore lint/style/noRestrictedImports: the wrappers below are what the rest of the app uses
import { Input as AntInput, TextArea as AntTextArea } from 'antd-mobile';
import { type ChangeEvent, type ComponentProps, type Ref, type RefCallback, useCallback, useState } from 'react';

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

function setRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * The value a field shows: the caller's when it passes `value` (a form item always does), else its
 * own, so that every change goes through the limit whether the caller holds the text or not.
 */
function useText(props: { value?: string | null; defaultValue?: string }, max: number, onChange?: (value: string) => void) {
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

export type TextInputProps = InputProps & { ref?: Ref<InputRef> };

/**
 * antd-mobile's Input with the spec's limit: `maxLength` (default 140) holds for typing, pasting,
 * input methods and values set by the page alike.
 */
export function Input(props: TextInputProps) {
  const { maxLength = TEXT_MAX_LENGTH, value, defaultValue, onChange, ref, ...rest } = props;
  const [text, change] = useText('value' in props ? { value } : { defaultValue }, maxLength, onChange);
  return <AntInput {...rest} ref={ref} maxLength={maxLength} value={text} onChange={change} />;
}

export type TextBoxProps = TextAreaProps & { ref?: Ref<TextAreaRef> };

/**
 * antd-mobile's TextArea with the spec's limit: `maxLength` (default 140) holds for typing, pasting,
 * input methods and values set by the page alike; `showCount` counts as the limit does.
 */
export function TextArea(props: TextBoxProps) {
  const { maxLength = TEXT_MAX_LENGTH, value, defaultValue, onChange, showCount, ref, ...rest } = props;
  const [text, change] = useText('value' in props ? { value } : { defaultValue }, maxLength, onChange);
  // antd-mobile counts grapheme-like runes and leaves the native attribute off: the limit is set on
  // the element here, so the browser stops typing and pasting at it too.
  const attach: RefCallback<TextAreaRef> = useCallback(
    (handle) => {
      if (handle?.nativeElement) handle.nativeElement.maxLength = maxLength;
      setRef(ref, handle);
    },
    [maxLength, ref],
  );
  const count =
    typeof showCount === 'function'
      ? () => showCount(text.length, maxLength)
      : showCount
        ? () => (
            <div className="adm-text-area-count">
              {text.length}/{maxLength}
            </div>
          )
        : false;
  return <AntTextArea {...rest} ref={attach} value={text} onChange={change} showCount={count} />;
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
