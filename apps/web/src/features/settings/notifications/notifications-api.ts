import type {
  BuyerNoticePreview,
  BuyerNoticePreviewRequest,
  BuyerNoticeSettings,
  BuyerNoticeSettingsInput,
  SuccessEnvelope,
} from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';

/**
 * The buyer e-mails' settings per store (GET /call/buyerNotices/settings, PUT .../{storeKey}, Admin) and their
 * preview (POST /call/buyerNotices/preview). A save writes its answer into the list, which nothing else changes.
 */
const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBuyerNoticeSettings: build.query<BuyerNoticeSettings[], void>({
      query: () => 'call/buyerNotices/settings',
      transformResponse: (response: SuccessEnvelope<BuyerNoticeSettings[]>) => response.data,
    }),
    saveBuyerNoticeSettings: build.mutation<
      BuyerNoticeSettings,
      { storeKey: string; settings: BuyerNoticeSettingsInput }
    >({
      query: ({ storeKey, settings }) => ({
        url: `call/buyerNotices/settings/${encodeURIComponent(storeKey)}`,
        method: 'PUT',
        body: settings,
      }),
      transformResponse: (response: SuccessEnvelope<BuyerNoticeSettings>) => response.data,
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          notificationsApi.util.updateQueryData('getBuyerNoticeSettings', undefined, (list) =>
            list.map((row) => (row.storeKey === data.storeKey ? data : row)),
          ),
        );
      },
    }),
    previewBuyerNotice: build.mutation<BuyerNoticePreview, BuyerNoticePreviewRequest>({
      query: (body) => ({ url: 'call/buyerNotices/preview', method: 'POST', body }),
      transformResponse: (response: SuccessEnvelope<BuyerNoticePreview>) => response.data,
    }),
  }),
});

export const { useGetBuyerNoticeSettingsQuery, useSaveBuyerNoticeSettingsMutation, usePreviewBuyerNoticeMutation } =
  notificationsApi;
