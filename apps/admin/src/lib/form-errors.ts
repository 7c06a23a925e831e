import type { FormInstance } from 'antd';
import { ApiError } from './api.ts';

/**
 * Shows a refusal on the form: on the field the server named (x-error-field) when the form has it,
 * otherwise through `other` (a message box).
 */
export function showRefusal(form: FormInstance, error: unknown, fields: readonly string[], other: (message: string) => void): void {
  const message = error instanceof Error ? error.message : String(error);
  const field = error instanceof ApiError ? error.field : undefined;
  if (field && fields.includes(field)) form.setFields([{ name: field, errors: [message] }]);
  else other(message);
}
