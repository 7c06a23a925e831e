import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { App, Form } from 'antd';
import { useState } from 'react';
import { showRefusal } from '../lib/form-errors.ts';

/**
 * A dialog form's save: runs `save` (which answers the success text), shows that text, refreshes the
 * lists under `invalidate` and calls `onSaved`. A refusal goes on the field the server named when it
 * is one of `fields`, else in a message box.
 */
export function useFormSave<V>(opts: {
  fields: readonly string[];
  save: (values: V) => Promise<string>;
  invalidate: QueryKey;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<V>();
  const [busy, setBusy] = useState(false);
  const submit = async (values: V) => {
    setBusy(true);
    try {
      message.success(await opts.save(values));
      await queryClient.invalidateQueries({ queryKey: opts.invalidate });
      opts.onSaved();
    } catch (error) {
      showRefusal(form, error, opts.fields, (m) => message.error(m));
    } finally {
      setBusy(false);
    }
  };
  return { form, busy, submit };
}
