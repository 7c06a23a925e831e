import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { App, Form } from 'antd';
import { useState } from 'react';
import { showRefusal } from '../lib/form-errors.ts';

/**
 * A dialog form's save: runs `save`, refreshes the lists under `invalidate`, then either hands the
 * answer to `onSaved` or (without it) shows the answer as the success text and closes the dialog
 * (`onClose`). A refusal goes on the field the server named when it is one of `fields`, else in a
 * message box. `modal` holds the dialog's shared props: open, saving on OK, closing on cancel, busy
 * while saving.
 */
export function useFormSave<V, R = string>(opts: {
  fields: readonly string[];
  save: (values: V) => Promise<R>;
  invalidate: QueryKey;
  onClose: () => void;
  onSaved?: (result: R) => void;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<V>();
  const [busy, setBusy] = useState(false);
  const submit = async (values: V) => {
    setBusy(true);
    try {
      const result = await opts.save(values);
      if (!opts.onSaved) message.success(String(result));
      await queryClient.invalidateQueries({ queryKey: opts.invalidate });
      if (opts.onSaved) opts.onSaved(result);
      else opts.onClose();
    } catch (error) {
      showRefusal(form, error, opts.fields, (m) => message.error(m));
    } finally {
      setBusy(false);
    }
  };
  const modal = { open: true, onCancel: opts.onClose, onOk: () => form.submit(), confirmLoading: busy, destroyOnHidden: true };
  return { form, busy, submit, modal };
}
