import type { InvitedUserAnswer, OrgUser, SuccessEnvelope } from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';
import type { InviteOrgUser, UpdateOrgUser } from '../org-user';

const ORG_USERS = 'OrgUser' as const;

function users(response: SuccessEnvelope<{ users?: OrgUser[] }>): OrgUser[] {
  return response.data?.users ?? [];
}

function user(response: SuccessEnvelope<{ user: OrgUser }>): OrgUser {
  return response.data.user;
}

/**
 * GET /call/users, POST /call/users (invite) and PUT /call/users/{id} (role, status): the organisation's users, kept
 * by the SSO and asked through the server. Every change refetches the list.
 */
const usersApi = api.enhanceEndpoints({ addTagTypes: [ORG_USERS] }).injectEndpoints({
  endpoints: (build) => ({
    listOrgUsers: build.query<OrgUser[], void>({
      query: () => 'call/users',
      transformResponse: users,
      providesTags: [ORG_USERS],
    }),
    inviteOrgUser: build.mutation<InvitedUserAnswer, InviteOrgUser>({
      query: (body) => ({ url: 'call/users', method: 'POST', body }),
      transformResponse: (response: SuccessEnvelope<InvitedUserAnswer>) => response.data,
      invalidatesTags: (_result, error) => (error ? [] : [ORG_USERS]),
    }),
    updateOrgUser: build.mutation<OrgUser, { id: string; body: UpdateOrgUser }>({
      query: ({ id, body }) => ({ url: `call/users/${encodeURIComponent(id)}`, method: 'PUT', body }),
      transformResponse: user,
      invalidatesTags: (_result, error) => (error ? [] : [ORG_USERS]),
    }),
  }),
});

export const { useListOrgUsersQuery, useInviteOrgUserMutation, useUpdateOrgUserMutation } = usersApi;
