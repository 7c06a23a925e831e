import type { InputProps, InputRef } from 'antd-mobile';
// biome-ignore lint/style/noRestrictedImports: this wrapper is what the rest of the app uses
import { Input as AntInput } from 'antd-mobile';
import type { Ref } from 'react';
import { TEXT_MAX_LENGTH, useText } from './text-field.tsx';

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
