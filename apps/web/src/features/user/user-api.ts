import { api } from '@/lib/api/base-api';

/** POST /call/verifyNewUserRegister: idempotently provisions the caller's tenant (spec 2.1, 7.6). */
const userApi = api.injectEndpoints({
  endpoints: (build) => ({
    verifyNewUserRegister: build.mutation<unknown, void>({
      query: () => ({ url: 'call/verifyNewUserRegister', method: 'POST' }),
      // Sent at every sign-in; it changes nothing a screen shows (no live update needs asking again for it).
      extraOptions: { showsNoChange: true },
    }),
  }),
});

export const { useVerifyNewUserRegisterMutation } = userApi;
