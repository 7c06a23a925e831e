import { isHttpLink } from '@simshop/contract/validate';
import { Toast } from '../../lib/feedback.ts';
import { NavError, openPage } from '../../lib/nav.ts';

/** Opens a configured link: http links in the browser, internal paths through navigation. */
export function openLink(link: string): void {
  if (!link) return;
  if (isHttpLink(link)) {
    window.location.href = link;
    return;
  }
  openPage(link).catch((error: unknown) => {
    if (error instanceof NavError) Toast.show({ content: error.message });
  });
}
