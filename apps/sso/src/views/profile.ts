import { describedBy, fieldError, newPasswordFields } from './form.ts';
import { html } from './html.ts';
import { page } from './layout.ts';

export interface ProfileView {
  name: string;
  email: string;
  organization: string;
  role: string;
  csrfToken: string;
  notice?: string;
  errors?: { name?: string; currentPassword?: string; newPassword?: string; confirmPassword?: string; form?: string };
  productUrl: string;
  logoutUrl: string;
}

/** The account page: who you are, and forms to change the name and the password. */
export function profilePage(view: ProfileView): string {
  const errors = view.errors ?? {};
  return page({
    title: 'Your account',
    wide: true,
    body: html`<section class="card" aria-labelledby="title">
        <h1 id="title">Your account</h1>
        <p class="lead">Your Shipdesk identity, shared by every Shipdesk app.</p>
        ${view.notice ? html`<div class="alert ok" role="status">${view.notice}</div>` : ''}
        ${errors.form ? html`<div class="alert error" role="alert">${errors.form}</div>` : ''}
        <dl>
          <dt>Name</dt>
          <dd id="profile-name">${view.name}</dd>
          <dt>E-mail</dt>
          <dd id="profile-email">${view.email}</dd>
          <dt>Organisation</dt>
          <dd id="profile-organization">${view.organization}</dd>
          <dt>Role</dt>
          <dd id="profile-role">${view.role}</dd>
        </dl>
      </section>
      <section class="card" aria-labelledby="name-title">
        <h2 id="name-title">Change your name</h2>
        <form method="post" action="/profile/name" novalidate>
          <input type="hidden" name="_csrf" value="${view.csrfToken}" />
          <label for="name">Name</label>
          <input
            id="name"
            name="name"
            type="text"
            autocomplete="name"
            required
            maxlength="100"
            value="${view.name}"
            ${describedBy('name', errors.name)}
          />
          ${fieldError('name', errors.name)}
          <button type="submit">Save name</button>
        </form>
      </section>
      <section class="card" aria-labelledby="password-title">
        <h2 id="password-title">Change your password</h2>
        <form method="post" action="/profile/password" novalidate>
          <input type="hidden" name="_csrf" value="${view.csrfToken}" />
          <input type="text" name="username" autocomplete="username" value="${view.email}" hidden />
          <label for="currentPassword">Current password</label>
          <input
            id="currentPassword"
            name="currentPassword"
            type="password"
            autocomplete="current-password"
            required
            ${describedBy('currentPassword', errors.currentPassword)}
          />
          ${fieldError('currentPassword', errors.currentPassword)}
          ${newPasswordFields({
            name: 'newPassword',
            label: 'New password (at least 10 characters)',
            confirmLabel: 'Repeat the new password',
            errors,
          })}
          <button type="submit">Change password</button>
        </form>
      </section>
      <p class="footer">
        <a href="${view.productUrl}">Back to Shipdesk</a> · <a href="${view.logoutUrl}">Sign out</a>
      </p>`,
  });
}
