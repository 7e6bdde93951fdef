import { createHash, randomBytes, randomInt } from 'node:crypto';
import { Role } from '@shipdesk/contract';
import { hash, verify } from '@node-rs/argon2';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Mailer } from '@shipdesk/mail-kit';
import {
  createOrganization,
  createUser,
  findOrganizationByName,
  findUserByEmail,
  isEmailAddress,
  normaliseEmail,
} from '../account/accounts-repository.ts';
import { hashPassword, passwordProblem } from '../account/passwords.ts';
import { isUniqueViolation, type Db } from '../db/connect.ts';
import { registrationCodes, registrationTokens } from '../db/schema.ts';
import { HttpError } from '../http.ts';
import { checkWindowLimit, type CountedRows } from '../rate-window.ts';

export interface RegistrationLimits {
  codeTtlMs: number;
  maxAttempts: number;
  tokenTtlMs: number;
  sendWindowMs: number;
  maxSendsPerEmail: number;
  maxSendsPerIp: number;
}

export const DEFAULT_REGISTRATION_LIMITS: RegistrationLimits = {
  codeTtlMs: 10 * 60 * 1000,
  maxAttempts: 5,
  tokenTtlMs: 30 * 60 * 1000,
  sendWindowMs: 60 * 60 * 1000,
  maxSendsPerEmail: 5,
  maxSendsPerIp: 30,
};

export interface RegistrationDeps {
  db: Db;
  mailer: Mailer;
  limits: RegistrationLimits;
  publicUrl: string;
}

const OTP = /^\d{6}$/;

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function invalid(errors: Record<string, string>): HttpError {
  return new HttpError(400, Object.values(errors).join(', '), errors);
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** Step 1: e-mail a 6-digit code. The answer is the same whether or not the address already has an account. */
export async function startRegistration(deps: RegistrationDeps, input: { email: unknown }, ip: string): Promise<void> {
  const { db, limits, mailer } = deps;
  const email = normaliseEmail(text(input.email));
  if (!email) throw invalid({ email: 'Enter your e-mail address.' });
  if (!isEmailAddress(email)) throw invalid({ email: 'Enter a valid e-mail address.' });

  const sent = (where: CountedRows['where']): CountedRows => ({
    table: registrationCodes,
    createdAt: registrationCodes.createdAt,
    where,
  });
  const [byEmail, byIp] = await Promise.all([
    checkWindowLimit(db, sent(eq(registrationCodes.email, email)), {
      max: limits.maxSendsPerEmail,
      windowMs: limits.sendWindowMs,
    }),
    checkWindowLimit(db, sent(eq(registrationCodes.ip, ip)), {
      max: limits.maxSendsPerIp,
      windowMs: limits.sendWindowMs,
    }),
  ]);
  if (byEmail.limited || byIp.limited) {
    // The whole window, as the registration page has always announced it, rather than the exact time a send frees.
    throw new HttpError(429, 'Too many codes requested. Please wait before asking for another one.', undefined, {
      'Retry-After': String(Math.ceil(limits.sendWindowMs / 1000)),
    });
  }

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const existing = await findUserByEmail(db, email);
  // A row is written either way: it counts towards the send limit, and a taken address gets a code that matches
  // nothing (the hash of random bytes), so verification fails exactly as with a wrong code.
  const codeHash = await hash(existing ? randomBytes(32).toString('base64url') : code);
  await db.transaction(async (tx) => {
    await tx
      .update(registrationCodes)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(registrationCodes.email, email), isNull(registrationCodes.consumedAt)));
    await tx
      .insert(registrationCodes)
      .values({ email, codeHash, ip, expiresAt: new Date(Date.now() + limits.codeTtlMs) });
  });

  if (existing) {
    await mailer.send({
      to: email,
      subject: 'You already have a Shipdesk account',
      text: [
        'Someone, hopefully you, asked to register a new Shipdesk account with this e-mail address.',
        'This address already has an account, so no new one was started.',
        '',
        `Sign in at ${deps.publicUrl}/ . Forgotten your password? Ask an administrator of your organisation.`,
        '',
        'If this was not you, you can ignore this message.',
      ].join('\n'),
    });
    return;
  }
  const minutes = Math.round(limits.codeTtlMs / 60_000);
  await mailer.send({
    to: email,
    subject: `Your Shipdesk verification code: ${code}`,
    text: [
      `Your Shipdesk verification code is ${code}.`,
      '',
      `Enter it on the registration page within ${minutes} minutes. It works once.`,
      '',
      'If you did not ask to register, you can ignore this message.',
    ].join('\n'),
  });
}

/** Step 2: check the code; a success returns a short-lived, single-use registration token. */
export async function verifyRegistration(
  deps: RegistrationDeps,
  input: { email: unknown; otp: unknown },
): Promise<{ registrationToken: string }> {
  const { db, limits } = deps;
  const email = normaliseEmail(text(input.email));
  const otp = text(input.otp);
  const errors: Record<string, string> = {};
  if (!isEmailAddress(email)) errors.email = 'Enter a valid e-mail address.';
  if (!OTP.test(otp)) errors.otp = 'Enter the 6-digit code from the e-mail.';
  if (Object.keys(errors).length) throw invalid(errors);

  const [current] = await db
    .select()
    .from(registrationCodes)
    .where(and(eq(registrationCodes.email, email), isNull(registrationCodes.consumedAt)))
    .orderBy(desc(registrationCodes.createdAt))
    .limit(1);
  if (!current || current.expiresAt.getTime() <= Date.now()) {
    throw invalid({ otp: 'This code has expired. Request a new one.' });
  }
  if (current.attempts >= limits.maxAttempts) {
    throw invalid({ otp: 'Too many wrong codes. Request a new one.' });
  }
  // Count the attempt before checking, so parallel guesses cannot exceed the limit.
  const [counted] = await db
    .update(registrationCodes)
    .set({ attempts: sql`${registrationCodes.attempts} + 1` })
    .where(and(eq(registrationCodes.id, current.id), lt(registrationCodes.attempts, limits.maxAttempts)))
    .returning({ attempts: registrationCodes.attempts });
  if (!counted) throw invalid({ otp: 'Too many wrong codes. Request a new one.' });
  if (!(await verify(current.codeHash, otp).catch(() => false))) {
    const left = limits.maxAttempts - counted.attempts;
    throw invalid({
      otp:
        left > 0
          ? `The code is not correct. ${left} attempt${left === 1 ? '' : 's'} left.`
          : 'Too many wrong codes. Request a new one.',
    });
  }

  const registrationToken = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    const [consumed] = await tx
      .update(registrationCodes)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(registrationCodes.id, current.id), isNull(registrationCodes.consumedAt)))
      .returning({ id: registrationCodes.id });
    if (!consumed) throw invalid({ otp: 'This code has already been used. Request a new one.' });
    await tx.insert(registrationTokens).values({
      tokenHash: sha256(registrationToken),
      email,
      expiresAt: new Date(Date.now() + limits.tokenTtlMs),
    });
  });
  return { registrationToken };
}

/** Step 3: organisation, its subscriptions and its Admin user, in one transaction. */
export async function completeRegistration(
  deps: RegistrationDeps,
  input: { registrationToken: unknown; name: unknown; companyName: unknown; password: unknown },
): Promise<{ organizationId: string; userId: string; email: string }> {
  const { db } = deps;
  const token = text(input.registrationToken);
  const name = text(input.name);
  const companyName = text(input.companyName);
  const errors: Record<string, string> = {};
  if (!token) errors.registrationToken = 'Verify your e-mail address first.';
  if (!name) errors.name = 'Enter your name.';
  else if (name.length > 100) errors.name = 'Use at most 100 characters for your name.';
  if (!companyName) errors.companyName = 'Enter your company name.';
  else if (companyName.length < 2 || companyName.length > 100) errors.companyName = 'Use 2 to 100 characters.';
  const problem = passwordProblem(input.password);
  if (problem) errors.password = problem;
  if (Object.keys(errors).length) throw invalid(errors);
  const password = input.password as string;
  const passwordHash = await hashPassword(password);

  const taken = () =>
    new HttpError(409, 'This company name is already registered.', {
      companyName: 'This company name is already registered.',
    });
  try {
    return await db.transaction(async (tx) => {
      // Taking the token inside the transaction keeps it usable if anything below fails (e.g. a taken name).
      const [claim] = await tx
        .update(registrationTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(registrationTokens.tokenHash, sha256(token)),
            isNull(registrationTokens.usedAt),
            gt(registrationTokens.expiresAt, sql`now()`),
          ),
        )
        .returning({ email: registrationTokens.email });
      if (!claim) throw invalid({ registrationToken: 'Your e-mail verification has expired. Start again.' });
      if (await findUserByEmail(tx, claim.email)) {
        throw new HttpError(409, 'This e-mail address already has an account.', {
          email: 'This e-mail address already has an account.',
        });
      }
      if (await findOrganizationByName(tx, companyName)) throw taken();
      const organizationId = await createOrganization(tx, companyName);
      const userId = await createUser(tx, {
        organizationId,
        email: claim.email,
        name,
        passwordHash,
        roleId: Role.Admin,
      });
      return { organizationId, userId, email: claim.email };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'organizations_name_lower_key')) throw taken();
    if (isUniqueViolation(error, 'users_email_lower_key')) {
      throw new HttpError(409, 'This e-mail address already has an account.', {
        email: 'This e-mail address already has an account.',
      });
    }
    throw error;
  }
}

export async function purgeOldRegistrations(db: Db): Promise<void> {
  const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
  await db.delete(registrationCodes).where(lt(registrationCodes.createdAt, dayAgo));
  await db
    .delete(registrationTokens)
    .where(or(lt(registrationTokens.expiresAt, dayAgo), lt(registrationTokens.createdAt, dayAgo)));
}
