import { useMemo } from 'react';
import {
  ALL_STORES_SCOPE,
  DEFAULT_CURRENCY,
  DEFAULT_LOCALE,
  type CarrierCatalogueEntry,
  type PackageSizes,
  type RuleSet,
  type RuleWordsContext,
  type ShipMethod,
} from '@shipdesk/contract';
import { useGetCarrierCatalogueQuery } from '@/entities/carrier-catalogue/carrier-catalogue-api';
import { useListShipMethodsQuery } from '@/entities/ship-methods/ship-methods-api';
import { useTenantCurrencyQuery } from '@/lib/api/tenant-configs';
import { useUnits } from '@/lib/units';
import type { FormContext } from './condition-form';
import type { Choice } from './rule-choices';
import { wordsContext, type LoadedNames } from './rule-words';
import { useGetRuleCategoriesQuery, useGetRuleHazardClassesQuery, useGetRulePackageSizesQuery } from './ship-rule-api';

/** A reference list that did not load: named for the warning, with its retry. */
interface FailedReference {
  what: string;
  retry(): void;
}

/** Everything rules name and choose from, loaded once for the screen. */
export interface RuleReferences {
  words: RuleWordsContext;
  form: FormContext & { locale: string };
  stores: Choice[];
  shipMethods: ShipMethod[] | undefined;
  /** The carriers the tenant can ship with now (a verified account, or the built-in carrier). */
  catalogue: readonly CarrierCatalogueEntry[];
  catalogueLoading: boolean;
  packageSizes: PackageSizes | undefined;
  hazardClasses: Choice[];
  categories: Choice[];
  categoriesLoading: boolean;
  failed: FailedReference[];
}

const EMPTY_PACKAGE_SIZES: PackageSizes = { packageTypes: [], boxSizes: [] };

/** The stores come from the rule sets themselves: every store has one, named. */
export function useRuleReferences(sets: readonly RuleSet[]): RuleReferences {
  const currency = useTenantCurrencyQuery();
  const { system: units } = useUnits();
  const shipMethods = useListShipMethodsQuery();
  const catalogue = useGetCarrierCatalogueQuery();
  const packageSizes = useGetRulePackageSizesQuery();
  const hazards = useGetRuleHazardClassesQuery();
  const categories = useGetRuleCategoriesQuery();

  const loaded = useMemo<LoadedNames>(
    () => ({
      currency: currency.data?.currency ?? DEFAULT_CURRENCY,
      locale: currency.data?.locale ?? DEFAULT_LOCALE,
      units,
      stores: new Map(sets.filter((s) => s.scope !== ALL_STORES_SCOPE).map((s) => [s.storeId ?? s.scope, s.storeName])),
      shipMethods: new Map((shipMethods.data?.rows ?? []).map((m) => [m.id, m.name])),
      boxes: new Map((packageSizes.data ?? EMPTY_PACKAGE_SIZES).boxSizes.map((b) => [b.id, b.name])),
      hazardClasses: new Map((hazards.data ?? []).map((h) => [h.code, h.name])),
    }),
    [currency.data, units, sets, shipMethods.data, packageSizes.data, hazards.data],
  );
  const words = useMemo(() => wordsContext(loaded), [loaded]);

  const failed: FailedReference[] = [];
  const check = (query: { isError: boolean; refetch(): unknown }, what: string) => {
    if (query.isError) failed.push({ what, retry: () => void query.refetch() });
  };
  check(shipMethods, 'shipping methods');
  check(catalogue, 'carrier services');
  check(packageSizes, 'boxes and package types');
  check(hazards, 'hazard classes');
  check(categories, 'product categories');

  return {
    words,
    form: { currency: loaded.currency, locale: loaded.locale, units },
    stores: [...loaded.stores].map(([value, label]) => ({ value, label })),
    shipMethods: shipMethods.data?.rows,
    catalogue: catalogue.data ?? [],
    catalogueLoading: catalogue.isLoading,
    packageSizes: packageSizes.data,
    hazardClasses: (hazards.data ?? []).map((h) => ({ value: h.code, label: `${h.name} (${h.reference})` })),
    categories: (categories.data ?? []).map((c) => ({ value: c.name, label: c.name })),
    categoriesLoading: categories.isLoading,
    failed,
  };
}
