import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query.ts';

/** Cache tags shared by the injected endpoints of the entities and features. */
const API_TAG_TYPES = [
  'Order',
  'OrderNote',
  'Delivery',
  'Store',
  'ShipMethod',
  'CarrierAccount',
  'CarrierCatalogue',
  'BoxSize',
  'CarrierMapping',
  'StoreMapping',
  'ShippingRule',
  'Config',
  'Dashboard',
  'SetupGuide',
  'Subscription',
  'Reference',
  'LabelBatch',
  'Product',
] as const;

/** The one RTK Query api; the entities and features add their endpoints with `api.injectEndpoints(...)`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: API_TAG_TYPES,
  endpoints: () => ({}),
});
