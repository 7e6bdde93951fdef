import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Everything the SSO stores lives in schema `sso`, on PostgreSQL and on PGlite alike, so one migration set serves
 * both and the API server can share the database (schema `public`) without name clashes.
 */
export const sso = pgSchema('sso');

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const organizations = sso.table(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('organizations_name_lower_key').on(sql`lower(${t.name})`)],
);

export const users = sso.table(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    roleId: smallint('role_id').notNull(),
    /** `active`, `invited` (no password yet) or `deactivated`; only `active` users can sign in. */
    status: text('status').notNull().default('active'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_organization_idx').on(t.organizationId),
  ],
);

export const subscriptions = sso.table(
  'subscriptions',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    appId: text('app_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.appId] })],
);

/** oidc-provider's models (sessions, grants, codes, tokens, interactions), one row per model + id. */
export const oidcPayloads = sso.table(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.model, t.grantId),
    index('oidc_payloads_uid_idx').on(t.model, t.uid),
    index('oidc_payloads_user_code_idx').on(t.model, t.userCode),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/** One-time codes of the registration e-mail step; only a hash of the code is kept. */
export const registrationCodes = sso.table(
  'registration_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('registration_codes_email_idx').on(t.email, t.createdAt), index('registration_codes_ip_idx').on(t.ip)],
);

/** Short-lived, single-use proof that an e-mail was verified; only a SHA-256 of the token is kept. */
export const registrationTokens = sso.table('registration_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  email: text('email').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Sign-in attempts (kept in the database: restarts, instances). A failure row per wrong password, counted per
 * (account, address), per address and per account; one success row per (account, address) that signed in, which
 * makes the address known for the account. `interactions/login-attempts.ts` explains the limits.
 */
export const loginAttempts = sso.table(
  'login_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.email, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * Links mailed to an account's owner when its password sign-in from new addresses is paused (too many failures from
 * everywhere). Only a SHA-256 of the token is kept; using one lifts the pause and makes the address it was used
 * from known for the account.
 */
export const loginUnlocks = sso.table(
  'login_unlocks',
  {
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('login_unlocks_email_idx').on(t.email, t.createdAt)],
);

/**
 * Requests sent from the support page. The rows are the record of what was asked (the mails may be lost), and the
 * per-IP and per-address limits count them, like the other limits, in the database.
 */
export const supportRequests = sso.table(
  'support_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    pageUrl: text('page_url'),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('support_requests_reference_key').on(t.reference),
    index('support_requests_ip_idx').on(t.ip, t.createdAt),
    index('support_requests_email_idx').on(t.email, t.createdAt),
  ],
);

/**
 * Invitations into an organisation: the e-mailed link carries a random token, only its SHA-256 is kept. A new
 * invitation for the same user revokes the ones before it; the rows also count towards the per-organisation limit.
 */
export const invitations = sso.table(
  'invitations',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('invitations_user_idx').on(t.userId),
    index('invitations_organization_idx').on(t.organizationId, t.createdAt),
  ],
);

/** Key material generated on first start: the token signing key (`sig`) and the cookie signing keys (`cookie`). */
export const keys = sso.table('keys', {
  id: text('id').primaryKey(),
  use: text('use').notNull(),
  material: jsonb('material').notNull(),
  createdAt: createdAt(),
});

/**
 * "Forgot your password?": the e-mailed link carries a random token, only its SHA-256 is kept. A link works once,
 * for an hour; a newer one revokes those before it. The rows (with the asking address) also count towards the
 * per-account and per-IP limits.
 */
export const passwordResets = sso.table(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** Null for a request naming an address without an active account (counted, never usable). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('password_resets_user_idx').on(t.userId, t.createdAt),
    index('password_resets_ip_idx').on(t.ip, t.createdAt),
  ],
);
