import type {
  CategoryList,
  HazardClassList,
  PackageSizes,
  RuleDryRun,
  RuleDryRunInput,
  RuleSet,
  RuleSetInput,
  RuleSetList,
  RuleSetVersionList,
  SuccessEnvelope,
} from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';
import { envelopeData } from '@/lib/api/envelope-data';

const LIST_TAG = { type: 'ShippingRule', id: 'LIST' } as const;
const versionsTag = (scope: string) => ({ type: 'ShippingRule' as const, id: `versions:${scope}` });

const setPath = (scope: string) => `call/shippingRuleSet/${encodeURIComponent(scope)}`;

/**
 * Shipping rules (spec 7.4): the rule sets, a save of one, its versions, a dry run of a draft, and the reference lists
 * the editor chooses from (the shipping methods and the carrier catalogue are the entities' lists, which Settings
 * changes).
 */
const shipRuleApi = api.injectEndpoints({
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
      transformResponse: envelopeData<RuleSet>,
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
      transformResponse: envelopeData<RuleSet>,
    }),
    dryRunRuleSet: build.mutation<RuleDryRun, { scope: string; body: RuleDryRunInput }>({
      query: ({ scope, body }) => ({ url: `${setPath(scope)}/dryRun`, method: 'POST', body }),
      transformResponse: envelopeData<RuleDryRun>,
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
      transformResponse: envelopeData<PackageSizes>,
      providesTags: ['Reference'],
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
} = shipRuleApi;
