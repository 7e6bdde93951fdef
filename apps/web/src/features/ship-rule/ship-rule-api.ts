import {
  MAX_PAGE_SIZE,
  type CarrierCatalogue,
  type CategoryList,
  type HazardClassList,
  type PackageSizes,
  type RuleDryRun,
  type RuleDryRunInput,
  type RuleSet,
  type RuleSetInput,
  type RuleSetList,
  type RuleSetVersionList,
  type ShipMethod,
  type ShipMethodList,
  type SuccessEnvelope,
} from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';

/** Settings' carrier calls refresh the catalogue under this tag; the same name here keeps both caches in step. */
const CATALOGUE = 'CarrierCatalogue' as const;

const LIST_TAG = { type: 'ShippingRule', id: 'LIST' } as const;
const versionsTag = (scope: string) => ({ type: 'ShippingRule' as const, id: `versions:${scope}` });

function data<T>(response: SuccessEnvelope<T>): T {
  return response.data;
}

const setPath = (scope: string) => `call/shippingRuleSet/${encodeURIComponent(scope)}`;

/**
 * Shipping rules (spec 7.4): the rule sets, a save of one, its versions, a dry run of a draft, and the reference lists
 * the editor chooses from. The shipping methods and the carrier catalogue are Settings' calls too; features do not
 * import each other and an endpoint name injected twice is refused, so these have names of their own and share the
 * cache tags ('ShipMethod', 'CarrierCatalogue'), so a change made in Settings reaches this screen.
 */
export const shipRuleApi = api.enhanceEndpoints({ addTagTypes: [CATALOGUE] }).injectEndpoints({
  endpoints: (build) => ({
    listRuleSets: build.query<RuleSet[], void>({
      query: () => 'call/shippingRuleSet/list',
      transformResponse: (response: SuccessEnvelope<RuleSetList>) => response.data.ruleSets,
      // A store added or renamed elsewhere has a set of its own.
      providesTags: [LIST_TAG, 'Store'],
    }),
    saveRuleSet: build.mutation<RuleSet, { scope: string; body: RuleSetInput }>({
      query: ({ scope, body }) => ({
        url: `api/v1/shippingRuleByStore/${encodeURIComponent(scope)}`,
        method: 'PUT',
        body,
      }),
      transformResponse: data<RuleSet>,
      // The answer is the saved set: it replaces the listed one at once, without asking for the whole list again.
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          const { data: saved } = await queryFulfilled;
          dispatch(
            shipRuleApi.util.updateQueryData('listRuleSets', undefined, (sets) => {
              const index = sets.findIndex((set) => set.scope === saved.scope);
              if (index >= 0) sets[index] = saved;
            }),
          );
        } catch {
          // A refused save changes nothing listed.
        }
      },
      invalidatesTags: (_result, error, { scope }) => (error ? [] : [versionsTag(scope)]),
    }),
    listRuleSetVersions: build.query<RuleSetVersionList['versions'], string>({
      query: (scope) => `${setPath(scope)}/versions`,
      transformResponse: (response: SuccessEnvelope<RuleSetVersionList>) => response.data.versions,
      providesTags: (_result, _error, scope) => [versionsTag(scope)],
    }),
    /** A saved version never changes, so it is cached under no tag. */
    getRuleSetVersion: build.query<RuleSet, { scope: string; version: number }>({
      query: ({ scope, version }) => `${setPath(scope)}/versions/${version}`,
      transformResponse: data<RuleSet>,
    }),
    dryRunRuleSet: build.mutation<RuleDryRun, { scope: string; body: RuleDryRunInput }>({
      query: ({ scope, body }) => ({ url: `${setPath(scope)}/dryRun`, method: 'POST', body }),
      transformResponse: data<RuleDryRun>,
    }),
    getRuleHazardClasses: build.query<HazardClassList['classes'], void>({
      query: () => 'call/shippingRuleSet/getHazardous',
      transformResponse: (response: SuccessEnvelope<HazardClassList>) => response.data.classes,
      providesTags: ['Reference'],
    }),
    getRuleCategories: build.query<CategoryList['categories'], void>({
      query: () => 'call/shippingRuleSet/getCategory',
      transformResponse: (response: SuccessEnvelope<CategoryList>) => response.data.categories,
      providesTags: ['Reference'],
    }),
    getRulePackageSizes: build.query<PackageSizes, void>({
      query: () => 'call/shippingRuleSet/getPackageSizes',
      transformResponse: data<PackageSizes>,
      providesTags: ['Reference'],
    }),
    listRuleShipMethods: build.query<ShipMethod[], void>({
      query: () => `api/v1/shipMethods?size=${MAX_PAGE_SIZE}&page=1`,
      transformResponse: (response: SuccessEnvelope<ShipMethodList>) => response.data.rows,
      providesTags: ['ShipMethod'],
    }),
    getRuleCarrierCatalogue: build.query<CarrierCatalogue['carriers'], void>({
      query: () => 'call/carriers/catalogue',
      transformResponse: (response: SuccessEnvelope<CarrierCatalogue>) => response.data.carriers,
      providesTags: [CATALOGUE],
    }),
  }),
});

export const {
  useListRuleSetsQuery,
  useSaveRuleSetMutation,
  useListRuleSetVersionsQuery,
  useGetRuleSetVersionQuery,
  useDryRunRuleSetMutation,
  useGetRuleHazardClassesQuery,
  useGetRuleCategoriesQuery,
  useGetRulePackageSizesQuery,
  useListRuleShipMethodsQuery,
  useGetRuleCarrierCatalogueQuery,
} = shipRuleApi;
