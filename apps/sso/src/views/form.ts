import { html } from './html.ts';

/** The message under a field, tied to it by `aria-describedby`. */
export function fieldError(id: string, message: string | undefined) {
  return message ? html`<p class="field-error" id="${id}-error">${message}</p>` : '';
}

/** `aria-invalid` and `aria-describedby` of a field: its error (when there is one), then its hint. */
export function describedBy(id: string, message: string | undefined, hintId?: string) {
  const ids = [message ? `${id}-error` : '', hintId ?? ''].filter(Boolean).join(' ');
  return html`${message ? html`aria-invalid="true"` : ''} ${ids ? html`aria-describedby="${ids}"` : ''}`;
}
