import type { EndOfDay, Pickup, PickupCreate, ScanForm } from '@shipdesk/contract';
import { ORDER_LIST_TAG } from '@/entities/orders/order-tags';
import { api } from '@/lib/api/base-api';
import { envelopeData } from '@/lib/api/envelope-data';
import { fetchBlob } from '@/lib/api/fetch-blob';

/**
 * The end of the day (docs/end-of-day.md). The day hangs on the order lists' tag: a label bought or voided (which
 * invalidates the lists) changes the day's labels, and a form or a pickup made here refreshes it.
 */
const endOfDayApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEndOfDay: build.query<EndOfDay, string | undefined>({
      query: (day) => ({ url: 'call/endOfDay', params: day ? { day } : {} }),
      transformResponse: envelopeData<EndOfDay>,
      providesTags: [ORDER_LIST_TAG],
    }),
    makeScanForm: build.mutation<ScanForm, { carrierAccountId: string; day: string }>({
      query: (body) => ({ url: 'call/endOfDay/scanForms', method: 'POST', body }),
      transformResponse: envelopeData<ScanForm>,
      invalidatesTags: [ORDER_LIST_TAG],
    }),
    bookPickup: build.mutation<Pickup, PickupCreate>({
      query: (body) => ({ url: 'call/pickups', method: 'POST', body }),
      transformResponse: envelopeData<Pickup>,
      invalidatesTags: [ORDER_LIST_TAG],
    }),
    cancelPickup: build.mutation<Pickup, string>({
      query: (id) => ({ url: `call/pickups/${encodeURIComponent(id)}/cancel`, method: 'POST', body: {} }),
      transformResponse: envelopeData<Pickup>,
      invalidatesTags: [ORDER_LIST_TAG],
    }),
  }),
});

export const { useGetEndOfDayQuery, useMakeScanFormMutation, useBookPickupMutation, useCancelPickupMutation } =
  endOfDayApi;

/** A SCAN form's PDF, to open in a tab and print. */
export function scanFormDocument(id: string): Promise<Blob> {
  return fetchBlob(`/call/scanForms/${encodeURIComponent(id)}/document`);
}
