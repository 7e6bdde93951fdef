import { describedBy, fieldError, newPasswordFields } from './form.ts';
import { html } from './html.ts';
import { page } from './layout.ts';

export interface InvitationView {
  action: string;
  email: string;
  organization: string;
  role: string;
  name?: string;
  errors?: { name?: string; password?: string; confirmPassword?: string };
}

/** Accepting an invitation: the invited address is fixed; the person gives a name and a password. */
export function invitationPage(view: InvitationView): string {
  const errors = view.errors ?? {};
  return page({
    title: 'Join your team',
    body: html`<section class="card" aria-labelledby="title">
      <h1 id="title">Join ${view.organization}</h1>
      <p class="lead">You were invited to Shipdesk as ${view.role}. Choose your name and password to finish.</p>
      <form method="post" action="${view.action}" novalidate>
        <label for="email">E-mail</label>
        <input id="email" name="username" type="email" autocomplete="username" value="${view.email}" readonly />
        <label for="name">Your name</label>
        <input
          id="name"
          name="name"
          type="text"
          autocomplete="name"
          required
          maxlength="100"
          autofocus
          value="${view.name ?? ''}"
          ${describedBy('name', errors.name)}
        />
        ${fieldError('name', errors.name)}
        ${newPasswordFields({
          name: 'password',
          label: 'Password (at least 10 characters)',
          confirmLabel: 'Repeat the password',
          errors,
        })}
        <button type="submit">Create my account</button>
      </form>
    </section>`,
  });
}
