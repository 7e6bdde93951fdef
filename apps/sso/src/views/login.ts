import { html } from './html.ts';
import { page } from './layout.ts';

interface LoginView {
  action: string;
  email?: string;
  error?: string;
  registerUrl: string;
  forgotUrl: string;
}

/** The one password form of the product. */
export function loginPage(view: LoginView): string {
  return page({
    title: 'Sign in',
    body: html`<section class="card" aria-labelledby="title">
        <h1 id="title">Sign in</h1>
        <p class="lead">Use your Shipdesk account to continue.</p>
        ${view.error ? html`<div class="alert error" role="alert" id="login-error">${view.error}</div>` : ''}
        <form method="post" action="${view.action}" novalidate>
          <label for="email">E-mail</label>
          <input
            id="email"
            name="email"
            type="email"
            autocomplete="username"
            required
            ${view.email ? '' : html`autofocus`}
            value="${view.email ?? ''}"
            ${view.error ? html`aria-describedby="login-error"` : ''}
          />
          <label for="password">Password</label>
          <input
            id="password"
            name="password"
            type="password"
            autocomplete="current-password"
            required
            ${view.email ? html`autofocus` : ''}
          />
          <p class="hint"><a href="${view.forgotUrl}">Forgot your password?</a></p>
          <button type="submit">Sign in</button>
        </form>
      </section>
      <p class="footer">New to Shipdesk? <a href="${view.registerUrl}">Create an account</a></p>`,
  });
}

interface LoginUnlockView {
  action: string;
  email: string;
}

/**
 * Behind the link mailed when an account's sign-in is paused. A button, not the link itself, does it: mail scanners
 * open links, and the address that posts becomes known for the account.
 */
export function loginUnlockPage(view: LoginUnlockView): string {
  return page({
    title: 'Continue signing in',
    body: html`<section class="card" aria-labelledby="title">
      <h1 id="title">Continue signing in</h1>
      <p class="lead">
        Signing in to ${view.email} was paused after many wrong passwords. Continue, then sign in with your password as
        usual.
      </p>
      <form method="post" action="${view.action}">
        <button type="submit">Continue</button>
      </form>
    </section>`,
  });
}
