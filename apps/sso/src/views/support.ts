import { describedBy, fieldError } from './form.ts';
import { html } from './html.ts';
import { page } from './layout.ts';

export interface SupportView {
  csrfToken: string;
  email: string;
  /** Signed in: the address is the account's and cannot be changed here. */
  signedInAs?: string;
  subject: string;
  message: string;
  pageUrl: string | undefined;
  subjectMax: number;
  messageMax: number;
  errors?: { email?: string; subject?: string; message?: string; form?: string };
  productUrl: string;
}

/** The support request form the product's 'Report an Issue' button opens in a new tab. */
export function supportPage(view: SupportView): string {
  const errors = view.errors ?? {};
  const fieldErrors = [errors.email, errors.subject, errors.message].filter(Boolean).length;
  // The cursor starts in the first field with an error, else in the first empty one.
  const order = [...(view.signedInAs ? [] : (['email'] as const)), 'subject', 'message'] as const;
  const focus = order.find((name) => errors[name]) ?? order.find((name) => !view[name]);
  const autofocus = (name: (typeof order)[number]) => (focus === name ? html`autofocus` : '');
  return page({
    title: 'Contact support',
    wide: true,
    body: html`<section class="card" aria-labelledby="title">
        <h1 id="title">Contact support</h1>
        <p class="lead">Tell us what went wrong. We answer by e-mail.</p>
        ${errors.form ? html`<div class="alert error" role="alert">${errors.form}</div>` : ''}
        ${
          !errors.form && fieldErrors
            ? html`<div class="alert error" role="alert">
                ${fieldErrors === 1 ? 'One field needs' : `${fieldErrors} fields need`} your attention.
              </div>`
            : ''
        }
        <form method="post" action="/support" novalidate>
          <input type="hidden" name="_csrf" value="${view.csrfToken}" />
          <label for="email">Your e-mail</label>
          ${
            view.signedInAs
              ? html`<input
                    id="email"
                    name="email"
                    type="email"
                    value="${view.email}"
                    readonly
                    aria-describedby="email-hint"
                  />
                  <p class="hint" id="email-hint">Signed in as ${view.signedInAs}. We answer to this address.</p>`
              : html`<input
                    id="email"
                    name="email"
                    type="email"
                    autocomplete="email"
                    required
                    maxlength="254"
                    value="${view.email}"
                    ${autofocus('email')}
                    ${describedBy('email', errors.email, 'email-hint')}
                  />
                  ${fieldError('email', errors.email)}
                  <p class="hint" id="email-hint">We answer to this address and send you a confirmation.</p>`
          }
          <label for="subject">Subject</label>
          <input
            id="subject"
            name="subject"
            type="text"
            required
            maxlength="${view.subjectMax}"
            value="${view.subject}"
            ${autofocus('subject')}
            ${describedBy('subject', errors.subject, 'subject-hint')}
          />
          ${fieldError('subject', errors.subject)}
          <p class="hint" id="subject-hint">A short summary, up to ${view.subjectMax} characters.</p>
          <label for="message">What happened</label>
          <textarea
            id="message"
            name="message"
            rows="8"
            required
            maxlength="${view.messageMax}"
            ${autofocus('message')}
            ${describedBy('message', errors.message, 'message-hint')}
          >
${view.message}</textarea>
          ${fieldError('message', errors.message)}
          <p class="hint" id="message-hint">
            What you did, what you expected and what happened instead (up to ${view.messageMax} characters).
          </p>
          ${
            view.pageUrl
              ? html`<label for="pageUrl">Page</label>
                  <input
                    id="pageUrl"
                    name="pageUrl"
                    type="url"
                    value="${view.pageUrl}"
                    readonly
                    aria-describedby="pageUrl-hint"
                  />
                  <p class="hint" id="pageUrl-hint">The page you came from, sent along to help us find the problem.</p>`
              : ''
          }
          <button type="submit">Send request</button>
        </form>
      </section>
      <p class="footer"><a href="${view.productUrl}">Back to Shipdesk</a></p>`,
  });
}

/** After a successful request (the browser lands here through a redirect, so a reload sends nothing twice). */
export function supportSentPage(view: { reference: string; productUrl: string }): string {
  return page({
    title: 'Request sent',
    wide: true,
    body: html`<section class="card" aria-labelledby="title">
        <h1 id="title">Thanks — your request was sent.</h1>
        <p class="lead">We will answer by e-mail and have sent you a confirmation.</p>
        <p class="reference-line">
          Your reference number is <strong class="reference" id="support-reference">${view.reference}</strong>. Quote it
          if you write to us about this request.
        </p>
        <a class="button" href="${view.productUrl}">Back to Shipdesk</a>
      </section>
      <p class="footer"><a href="/support">Send another request</a></p>`,
  });
}
