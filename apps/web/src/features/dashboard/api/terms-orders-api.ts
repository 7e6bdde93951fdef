import type { OrderList, SuccessEnvelope } from '@shipdesk/contract';
import { ORDER_LIST_TAG } from '@/entities/orders/order-tags';
import { api } from '@/lib/api/base-api';
import { envelopeData } from '@/lib/api/envelope-data';

/**
 * Orders on net terms that still count: not canceled or deleted (a Completed one shipped on terms is still owed).
 * The order list's own filter, so the figure is the list's total that its link opens.
 */
const TERMS_FILTERS = { paymentStatus: 'Terms', orderStatus: 'in@Draft Order,Sales Order,Completed' } as const;

const termsOrdersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** How many orders are on Terms (the list's total: exact up to 10,000, then estimated). */
    ordersOnTerms: build.query<{ total: number; estimate: boolean }, void>({
      query: () => `api/v1/orders?size=1&page=1&hide=1&filters=${encodeURIComponent(JSON.stringify(TERMS_FILTERS))}`,
      transformResponse: (response: SuccessEnvelope<OrderList>) => {
        const list = envelopeData<OrderList>(response);
        return { total: list.total, estimate: list.totalIsEstimate };
      },
      // The dashboard's realtime refresh and every change of an order's list refresh it.
      providesTags: ['Dashboard', ORDER_LIST_TAG],
    }),
  }),
});

export const { useOrdersOnTermsQuery } = termsOrdersApi;
