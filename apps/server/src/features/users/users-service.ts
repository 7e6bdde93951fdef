import { Compile } from 'typebox/compile';
import {
  InvitedUserAnswerSchema,
  OrgUserAnswerSchema,
  OrgUserListSchema,
  type InviteUser,
  type OrgUser,
  type UpdateUser,
} from '@shipdesk/contract';
import { HttpError, badGateway } from '../../lib/http-errors.ts';

const SSO_TIMEOUT_MS = 10_000;
const SSO_USERS_PATH = '/api/organization/users';
/** The SSO's refusals that mean something to the caller (field errors, not found, last Admin, limits). */
const PASSED_THROUGH = new Set([400, 401, 403, 404, 409, 429]);

const listCheck = Compile(OrgUserListSchema);
const userCheck = Compile(OrgUserAnswerSchema);
const invitedCheck = Compile(InvitedUserAnswerSchema);

interface Check<T> {
  Check(value: unknown): value is T;
}

function stringRecord(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/**
 * The organisation's users live in the SSO. Every call is made with the caller's own token, so the SSO checks
 * again who they are, that they are still an active Admin, and that the user is in their organisation.
 */
export function createUsersService(options: { ssoUrl: string; timeoutMs?: number }) {
  async function call<T>(token: string, method: string, path: string, check: Check<T>, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${options.ssoUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? SSO_TIMEOUT_MS),
      });
    } catch {
      throw badGateway('The user service cannot be reached');
    }
    const answer = (await response.json().catch(() => null)) as {
      data?: unknown;
      message?: unknown;
      errors?: unknown;
    } | null;
    if (PASSED_THROUGH.has(response.status)) {
      const message =
        typeof answer?.message === 'string' ? answer.message : `The user service answered ${response.status}`;
      const errors = stringRecord(answer?.errors);
      throw new HttpError(response.status, message, errors ? { errors } : {});
    }
    if (!response.ok) throw badGateway(`The user service answered ${response.status}`);
    if (!answer || !check.Check(answer.data)) throw badGateway('The user service gave an unexpected answer');
    return answer.data;
  }

  return {
    async list(token: string): Promise<OrgUser[]> {
      return (await call(token, 'GET', SSO_USERS_PATH, listCheck)).users;
    },
    /** 201 for a new invitation, 200 when an invited address got a fresh link. */
    async invite(token: string, input: InviteUser): Promise<{ status: 200 | 201; user: OrgUser; resent: boolean }> {
      const answer = await call(token, 'POST', SSO_USERS_PATH, invitedCheck, input);
      return { status: answer.resent ? 200 : 201, ...answer };
    },
    async update(token: string, id: string, input: UpdateUser): Promise<OrgUser> {
      const path = `${SSO_USERS_PATH}/${encodeURIComponent(id)}`;
      return (await call(token, 'PUT', path, userCheck, input)).user;
    },
  };
}
