import type {
  RuleApplication,
  RuleApplicationList,
  RuleApplyInput,
  RuleApplyResult,
  SuccessEnvelope,
} from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';
import { isApiError } from '@/lib/errors';

const orderTag = (id: string) => ({ type: 'Order' as const, id });
const LIST = { type: 'Order' as const, id: 'LIST' };
const refused = (error: unknown) =>
  isApiError(error) && typeof error.status === 'number' && error.status >= 400 && error.status < 500;

/**
 * Shipping rules as the orders see them: why an order ships as it does (its last rule applications, newest first)
 * and running the saved rule sets on orders again. The applications hang on `Order:<id>`, so any change of the order
 * (a run of the rules included) asks for them again.
 */
const orderRulesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrderRuleApplications: build.query<RuleApplication[], string>({
      query: (orderId) => `call/order/${encodeURIComponent(orderId)}/shippingRules`,
      transformResponse: (response: SuccessEnvelope<RuleApplicationList>) => response.data.applications,
      providesTags: (_result, _error, orderId) => [orderTag(orderId)],
    }),
    /** 409 `too_many_orders` over 10,000 orders; nothing ran then. */
    applyShippingRules: build.mutation<RuleApplyResult, RuleApplyInput>({
      query: (body) => ({ url: 'call/shippingRules/apply', method: 'POST', body }),
      transformResponse: (response: SuccessEnvelope<RuleApplyResult>) => response.data,
      // A refusal (4xx) ran nothing; anything else may have changed the orders. A whole tab names no ids.
      invalidatesTags: (_result, error, input) =>
        refused(error) ? [] : input.orderIds ? [...input.orderIds.map(orderTag), LIST] : ['Order'],
    }),
  }),
});

export const { useGetOrderRuleApplicationsQuery, useApplyShippingRulesMutation } = orderRulesApi;
