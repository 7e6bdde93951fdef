import { describedBy, fieldError, newPasswordFields } from './form.ts';
import { html } from './html.ts';
import { page } from './layout.ts';

interface ForgotPasswordView {
  action: string;
  /** Where "Sign in" leads: the product, which starts a sign-in. */
  signInUrl: string;
  email?: string;
  error?: string;
}

/** "Forgot your password?": the account's e-mail address, to which a link is sent. */
export function forgotPasswordPage(view: ForgotPasswordView): string {
  return page({
    title: 'Forgot your password?',
    body: html`<section class="card" aria-labelledby="title">
        <h1 id="title">Forgot your password?</h1>
        <p class="lead">Enter the e-mail address of your account and we will send you a link to choose a new one.</p>
        <form method="post" action="${view.action}" novalidate>
          <label for="email">E-mail</label>
          <input
            id="email"
            name="email"
            type="email"
            autocomplete="username"
            required
            autofocus
            value="${view.email ?? ''}"
            ${describedBy('email', view.error)}
          />
          ${fieldError('email', view.error)}
          <button type="submit">Send the link</button>
        </form>
      </section>
      <p class="footer">Remembered it? <a href="${view.signInUrl}">Sign in</a></p>`,
  });
}

interface ResetPasswordView {
  action: string;
  email: string;
  errors?: { password?: string; confirmPassword?: string };
}

/** Behind the e-mailed link: the account is fixed; the person chooses the new password. */
export function resetPasswordPage(view: ResetPasswordView): string {
  return page({
    title: 'Choose a new password',
    body: html`<section class="card" aria-labelledby="title">
      <h1 id="title">Choose a new password</h1>
      <p class="lead">You will be signed out everywhere and can sign in with the new password at once.</p>
      <form method="post" action="${view.action}" novalidate>
        <label for="email">E-mail</label>
        <input id="email" name="username" type="email" autocomplete="username" value="${view.email}" readonly />
        ${newPasswordFields({
          name: 'password',
          label: 'New password (at least 10 characters)',
          confirmLabel: 'Repeat the new password',
          errors: view.errors ?? {},
        })}
        <button type="submit">Save the new password</button>
      </form>
    </section>`,
  });
}
