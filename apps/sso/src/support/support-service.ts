import { randomBytes } from 'node:crypto';
import { ROLE_NAMES, isRoleId } from '@shipdesk/contract';
import type { Mailer } from '@shipdesk/mail-kit';
import { isEmailAddress, normaliseEmail, type UserRecord } from '../account/accounts-repository.ts';
import { isUniqueViolation, type Db } from '../db/connect.ts';
import type { Logger } from '../logger.ts';
import { checkWindowLimit, secondsUntil } from '../rate-window.ts';
import {
  deleteSupportRequest,
  insertSupportRequest,
  supportRequestExists,
  supportRequestsBy,
} from './support-requests-repository.ts';

export interface SupportLimits {
  windowMs: number;
  /** Requests per client IP within the window. */
  maxPerIp: number;
  /** Requests per sender address within the window: each one also mails that address a confirmation. */
  maxPerEmail: number;
}

export const DEFAULT_SUPPORT_LIMITS: SupportLimits = {
  windowMs: 60 * 60 * 1000,
  maxPerIp: 5,
  maxPerEmail: 5,
};

export const SUBJECT_MAX = 150;
export const MESSAGE_MAX = 5000;
const PAGE_URL_MAX = 2048;
const USER_AGENT_MAX = 300;

export interface SupportFields {
  email: string;
  subject: string;
  message: string;
  pageUrl: string | undefined;
}

export type SupportErrors = Partial<Record<'email' | 'subject' | 'message' | 'form', string>>;

interface SupportDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  supportEmail: string;
}

/** The page a request came from: kept only when it is an absolute http(s) URL (never a `javascript:` link). */
export function pageUrlFrom(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (!trimmed || trimmed.length > PAGE_URL_MAX) return undefined;
  const parsed = URL.parse(trimmed);
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) return undefined;
  // Credentials in a URL have no business in a support mail.
  parsed.username = '';
  parsed.password = '';
  return parsed.href;
}

/**
 * The fields of a posted form, normalised (a one-line subject, LF line ends, trimmed), and what is wrong with them.
 * A signed-in sender is the session's user, whatever the form says.
 */
export function readSupportFields(
  form: Record<string, string | undefined>,
  signedInEmail: string | undefined,
): { fields: SupportFields; errors: SupportErrors } {
  const fields: SupportFields = {
    email: signedInEmail ?? (form.email ?? '').trim(),
    subject: (form.subject ?? '').replace(/\s+/g, ' ').trim(),
    message: (form.message ?? '').replace(/\r\n?/g, '\n').trim(),
    pageUrl: pageUrlFrom(form.pageUrl),
  };
  const errors: SupportErrors = {};
  if (!fields.email) errors.email = 'Enter your e-mail address, so that we can answer.';
  else if (!isEmailAddress(fields.email)) errors.email = 'Enter a valid e-mail address.';
  if (!fields.subject) errors.subject = 'Enter a subject.';
  else if (fields.subject.length > SUBJECT_MAX)
    errors.subject = `Use at most ${SUBJECT_MAX} characters for the subject.`;
  if (!fields.message) errors.message = 'Describe what happened.';
  else if (fields.message.length > MESSAGE_MAX) errors.message = `Use at most ${MESSAGE_MAX} characters.`;
  return { fields, errors };
}

/** Seconds until this IP and this address may send again, or undefined when they may send now. */
export async function supportBlockedForSeconds(
  db: Db,
  limits: SupportLimits,
  ip: string,
  email: string,
): Promise<number | undefined> {
  const now = Date.now();
  const [byIp, byEmail] = await Promise.all([
    checkWindowLimit(db, supportRequestsBy({ ip }), { max: limits.maxPerIp, windowMs: limits.windowMs }, now),
    checkWindowLimit(
      db,
      supportRequestsBy({ email: normaliseEmail(email) }),
      { max: limits.maxPerEmail, windowMs: limits.windowMs },
      now,
    ),
  ]);
  return secondsUntil(Math.max(byIp.freeAt ?? 0, byEmail.freeAt ?? 0), now);
}

// Crockford's base 32: no I, L, O or U, so a reference read out over the phone is not misheard.
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const REFERENCE_PATTERN = /^SR-[0-9A-HJKMNP-TV-Z]{8}$/;

function newReference(): string {
  return `SR-${[...randomBytes(8)].map((byte) => REFERENCE_ALPHABET[byte % 32]).join('')}`;
}

export async function isKnownReference(db: Db, reference: string): Promise<boolean> {
  return REFERENCE_PATTERN.test(reference) && supportRequestExists(db, reference);
}

/** The support team could not be reached: nothing was recorded, the sender may try again. */
export class SupportMailError extends Error {}

interface SupportContext {
  ip: string;
  userAgent: string;
  user: UserRecord | undefined;
}

/**
 * Records the request, mails it to the support address (reply-to: the sender) and confirms to the sender. When the
 * mail to support fails the record is removed again, so a failure neither loses a request silently nor uses up the
 * sender's limit; a failed confirmation is only logged, since the request itself went out.
 */
export async function submitSupportRequest(
  deps: SupportDeps,
  fields: SupportFields,
  context: SupportContext,
): Promise<{ reference: string }> {
  const { db, mailer, logger, supportEmail } = deps;
  const email = normaliseEmail(fields.email);
  let reference = newReference();
  let createdAt: Date;
  for (let attempt = 0; ; attempt += 1) {
    try {
      ({ createdAt } = await insertSupportRequest(db, {
        reference,
        email,
        userId: context.user?.id,
        subject: fields.subject,
        message: fields.message,
        pageUrl: fields.pageUrl,
        ip: context.ip,
      }));
      break;
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error, 'support_requests_reference_key')) throw error;
      reference = newReference();
    }
  }

  const user = context.user;
  const account = user
    ? `${isRoleId(user.roleId) ? ROLE_NAMES[user.roleId] : `role ${user.roleId}`} of ${user.organizationName} (user ${user.id}, organisation ${user.organizationId})`
    : 'not signed in; the address is not verified';
  try {
    await mailer.send({
      to: supportEmail,
      replyTo: email,
      subject: `[${reference}] ${fields.subject}`,
      text: [
        `Support request ${reference}`,
        '',
        `From:     ${user ? `${user.name} <${email}>` : email}`,
        `Account:  ${account}`,
        `Page:     ${fields.pageUrl ?? '(not given)'}`,
        `Sent:     ${createdAt.toISOString()}`,
        `IP:       ${context.ip}`,
        `Browser:  ${context.userAgent.slice(0, USER_AGENT_MAX) || '(not given)'}`,
        '',
        `Subject:  ${fields.subject}`,
        '',
        'What happened:',
        '',
        fields.message,
        '',
        '--',
        `Reply to this mail to answer ${email}.`,
      ].join('\n'),
    });
  } catch (error) {
    logger.error('support request could not be mailed', { error, reference });
    await deleteSupportRequest(db, reference);
    throw new SupportMailError('The support request could not be mailed', { cause: error });
  }

  try {
    // Deliberately without the message: the confirmation goes to an address nobody has verified, so it must not
    // become a way to mail arbitrary text to strangers.
    await mailer.send({
      to: email,
      replyTo: supportEmail,
      subject: `We received your Shipdesk support request ${reference}`,
      text: [
        user ? `Hello ${user.name},` : 'Hello,',
        '',
        'We received your support request and will answer by e-mail.',
        '',
        `Reference: ${reference}`,
        `Subject:   ${fields.subject}`,
        '',
        'Quote the reference if you write to us about this request; replying to this mail reaches the support team.',
        '',
        'If you did not send this request, you can ignore this message.',
      ].join('\n'),
    });
  } catch (error) {
    logger.warn('support confirmation could not be mailed', { error, reference });
  }
  return { reference };
}
