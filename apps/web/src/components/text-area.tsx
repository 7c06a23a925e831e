import type { TextAreaProps, TextAreaRef } from 'antd-mobile';
// biome-ignore lint/style/noRestrictedImports: this wrapper is what the rest of the app uses
import { TextArea as AntTextArea } from 'antd-mobile';
import { type Ref, type RefCallback, useCallback } from 'react';
import { setRef, TEXT_MAX_LENGTH, useText } from './text-field.tsx';

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
