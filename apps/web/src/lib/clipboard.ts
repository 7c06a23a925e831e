import { Toast } from './feedback.ts';
import { t } from './i18n.ts';

/** Copies a text and says so ('copy {label} succeeded', 1.5 s, spec §5 and §9), or that it failed. */
export async function copyWithToast(text: string, label: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    Toast.show({ content: t('common.copied', { label }), duration: 1500 });
  } catch {
    Toast.show({ content: t('common.copyFailed'), duration: 1500 });
  }
}
