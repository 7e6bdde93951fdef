import type { SetupGuide, SuccessEnvelope } from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';
import { setupGuideLoaded } from '@/lib/state/setup-guide-slice';
import { setupStepsFromResponse } from './setup-guide-rule.ts';

/** GET /call/setupGuide: stores the steps and opens the full route set (spec 4.2); a failure changes nothing. */
export const setupGuideApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSetupGuide: build.query<SuccessEnvelope<SetupGuide>, void>({
      query: () => 'call/setupGuide',
      providesTags: ['SetupGuide'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          const steps = setupStepsFromResponse(data);
          if (steps) dispatch(setupGuideLoaded(steps));
        } catch {
          // Spec 8: a failed setup call changes nothing.
        }
      },
    }),
  }),
});

export const { useGetSetupGuideQuery, useLazyGetSetupGuideQuery } = setupGuideApi;
