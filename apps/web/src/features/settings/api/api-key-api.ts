import type { ApiKeyCreated, ApiKeyStatus, SuccessEnvelope } from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';

/**
 * The tenant's API key (config bearer_token): GET /call/apiKey, POST /call/apiKey/rotate (creates or replaces, and
 * answers the key once), DELETE /call/apiKey. Tagged 'Config' because the configs list shows the key's last four.
 */
const apiKeyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getApiKey: build.query<ApiKeyStatus, void>({
      query: () => 'call/apiKey',
      transformResponse: (response: SuccessEnvelope<ApiKeyStatus>) => response.data,
      providesTags: ['Config'],
    }),
    rotateApiKey: build.mutation<ApiKeyCreated, void>({
      query: () => ({ url: 'call/apiKey/rotate', method: 'POST' }),
      transformResponse: (response: SuccessEnvelope<ApiKeyCreated>) => response.data,
      invalidatesTags: ['Config'],
    }),
    revokeApiKey: build.mutation<ApiKeyStatus, void>({
      query: () => ({ url: 'call/apiKey', method: 'DELETE' }),
      invalidatesTags: ['Config'],
    }),
  }),
});

export const { useGetApiKeyQuery, useRotateApiKeyMutation, useRevokeApiKeyMutation } = apiKeyApi;
