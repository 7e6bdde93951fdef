import type { FakeHandler, FakeReply, FakeRequest, FakeRouter } from '../http/fake-http.ts';
import { fakeTextPdf } from '../fedex/fake-label-documents.ts';
import type { FakeLabelFiles } from './fake-shippo-label-files.ts';
import { fieldError, hex, parseBody, type FakeShippoLabels } from './fake-shippo-labels.ts';
import type { ShippoAddress } from './fake-shippo-wire.ts';

/**
 * Manifests at the fake Shippo (integrations-shipping.md section 5): `POST /addresses/` keeps an address object (the
 * manifest's `address_from`), `POST /manifests/` takes a carrier account, a shipment date, that address and the
 * labels' transactions and answers QUEUED, even when `async: false` is asked (the test of the client's polling);
 * `GET /manifests/{id}` then answers SUCCESS with the PDF's link on the label file store, or ERROR with its `errors`
 * when a transaction was refunded (or is waiting for its refund) or is already on a manifest. An unknown carrier
 * account, address or transaction, or a transaction bought with another carrier account, is a 400 on the field.
 */

export interface FakeShippoManifest {
  object_id: string;
  object_owner: string;
  status: 'QUEUED' | 'SUCCESS' | 'ERROR';
  carrier_account: string;
  shipment_date: string;
  address_from: string;
  transactions: string[];
  documents: string[];
  errors: string[];
}

/** The server's wrapper of an API handler (its token check and rate limit by kind of request). */
type ShippoApi = (
  kind: 'create' | 'single',
  handler: (request: FakeRequest, token: string) => FakeReply,
) => FakeHandler;

interface ManifestBody {
  carrier_account?: string;
  shipment_date?: string;
  address_from?: string;
  transactions?: string[];
  async?: boolean;
}

export function createFakeShippoEndOfDay({
  owner,
  labels,
  files,
  carrierAccounts,
}: {
  owner: string;
  labels: FakeShippoLabels;
  files: FakeLabelFiles;
  carrierAccounts: { object_id: string }[];
}) {
  const addresses = new Map<string, ShippoAddress & { object_id: string }>();
  const manifests = new Map<string, FakeShippoManifest>();
  /** Transactions on a manifest that succeeded. */
  const manifested = new Set<string>();

  function createAddress(request: FakeRequest): FakeReply {
    const body = parseBody<ShippoAddress>(request);
    if (!body) return fieldError('non_field_errors', 'Invalid data.');
    for (const field of ['name', 'street1', 'city', 'zip', 'country'] as const) {
      if (!body[field]) return fieldError(field, 'This field is required.');
    }
    const address = { ...body, object_id: hex() };
    addresses.set(address.object_id, address);
    return { status: 201, body: { ...address, object_owner: owner, is_complete: true } };
  }

  function createManifest(request: FakeRequest): FakeReply {
    const body = parseBody<ManifestBody>(request);
    if (!body) return fieldError('non_field_errors', 'Invalid data.');
    if (!carrierAccounts.some((account) => account.object_id === body.carrier_account)) {
      return fieldError('carrier_account', 'Carrier account not found.');
    }
    if (!/^\d{4}-\d{2}-\d{2}/.test(body.shipment_date ?? '')) {
      return fieldError('shipment_date', 'Enter a valid date/time.');
    }
    if (!addresses.has(body.address_from ?? '')) return fieldError('address_from', 'Address not found.');
    const ids = body.transactions ?? [];
    for (const id of ids) {
      const transaction = labels.transactions.get(id);
      const rate = transaction ? labels.rates.get(transaction.rate) : undefined;
      if (!transaction) return fieldError('transactions', `Transaction with object_id ${id} does not exist.`);
      if (rate?.carrier_account !== body.carrier_account) {
        return fieldError('transactions', `Transaction ${id} was not purchased with this carrier account.`);
      }
    }
    const manifest: FakeShippoManifest = {
      object_id: hex(),
      object_owner: owner,
      status: 'QUEUED',
      carrier_account: body.carrier_account!,
      shipment_date: body.shipment_date!,
      address_from: body.address_from!,
      transactions: ids,
      documents: [],
      errors: [],
    };
    manifests.set(manifest.object_id, manifest);
    return { status: 201, body: manifest };
  }

  /** A queued manifest is finished when it is read: refused for a refunded or manifested label, else made. */
  function finish(manifest: FakeShippoManifest): void {
    if (manifest.status !== 'QUEUED') return;
    for (const id of manifest.transactions) {
      const transaction = labels.current(labels.transactions.get(id)!);
      if (transaction.status === 'REFUNDED' || transaction.status === 'REFUNDPENDING') {
        manifest.errors.push(`Transaction ${transaction.tracking_number} has been refunded and cannot be manifested.`);
      } else if (manifested.has(id)) {
        manifest.errors.push(`Transaction ${transaction.tracking_number} is already on a manifest.`);
      }
    }
    if (manifest.errors.length > 0) {
      manifest.status = 'ERROR';
      return;
    }
    for (const id of manifest.transactions) manifested.add(id);
    const numbers = manifest.transactions.map((id) => labels.transactions.get(id)!.tracking_number);
    const pdf = fakeTextPdf([
      'USPS PS Form 5630 - Shipment Confirmation Acceptance Notice (via Shippo)',
      `Mailing date ${manifest.shipment_date.slice(0, 10)}   Manifest ${manifest.object_id}`,
      ...numbers,
      `Total pieces: ${numbers.length}`,
    ]);
    manifest.documents = [files.put(`manifests/${manifest.object_id}.pdf`, pdf, 'application/pdf')];
    manifest.status = 'SUCCESS';
  }

  function getManifest(request: FakeRequest): FakeReply {
    const manifest = manifests.get(request.params.id ?? '');
    if (!manifest) return { status: 404, body: { detail: 'Not found.' } };
    finish(manifest);
    return { status: 200, body: manifest };
  }

  return {
    addresses,
    manifests,
    /** Its routes: `POST /addresses/`, `POST /manifests/`, `GET /manifests/{id}`. */
    route(router: FakeRouter, api: ShippoApi) {
      router
        .on('POST', '/addresses/', api('create', createAddress))
        .on('POST', '/manifests/', api('create', createManifest))
        .on('GET', '/manifests/:id', api('single', getManifest));
    },
  };
}
