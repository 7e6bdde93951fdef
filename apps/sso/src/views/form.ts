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

/**
 * A new password and its repetition (`confirmPassword`), as the profile and the invitation page ask for them; the
 * browser's password manager sees `new-password` and offers to generate one.
 */
export function newPasswordFields(options: {
  name: string;
  label: string;
  confirmLabel: string;
  errors: Partial<Record<string, string>>;
}) {
  const { name, errors } = options;
  return html`<label for="${name}">${options.label}</label>
    <input
      id="${name}"
      name="${name}"
      type="password"
      autocomplete="new-password"
      required
      minlength="10"
      ${describedBy(name, errors[name])}
    />
    ${fieldError(name, errors[name])}
    <label for="confirmPassword">${options.confirmLabel}</label>
    <input
      id="confirmPassword"
      name="confirmPassword"
      type="password"
      autocomplete="new-password"
      required
      ${describedBy('confirmPassword', errors.confirmPassword)}
    />
    ${fieldError('confirmPassword', errors.confirmPassword)}`;
}
