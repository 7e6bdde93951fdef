import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query.ts';

/** Cache tags shared by the features' injected endpoints. */
export const API_TAG_TYPES = [
  'Order',
  'OrderNote',
  'Delivery',
  'Store',
  'ShipMethod',
  'CarrierMapping',
  'StoreMapping',
  'ShippingRule',
  'Config',
  'Dashboard',
  'SetupGuide',
  'Subscription',
  'Reference',
  'LabelBatch',
] as const;

/** The one RTK Query api; every feature adds its endpoints with `api.injectEndpoints(...)`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: API_TAG_TYPES,
  endpoints: () => ({}),
});
