import { randomBytes } from 'node:crypto';
import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import type { FakeClock } from '../tracking/fake-parcel-journey.ts';

/**
 * Pickups at the fake UPS (integrations-shipping.md section 6): `POST /api/pickupcreation/{version}/pickup` answers a
 * PRN (the same PRN again for an address that already has a pickup that day, as UPS does), and `DELETE
 * /api/shipments/{version}/pickup/02` with the `Prn` header cancels it. Refused in UPS's `{ response: { errors } }`
 * shape: a date in the past, a close time not after the ready time, missing fields, a cancel of an unknown PRN. UPS
 * has no end-of-day close: shipment data is uploaded when the label is made. The error codes are the fake's own.
 */

type Refuse = (status: number, code: string, message: string) => FakeReply;

interface UpsPickupBody {
  PickupCreationRequest?: {
    RatePickupIndicator?: string;
    Shipper?: { Account?: { AccountNumber?: string; AccountCountryCode?: string } };
    PickupDateInfo?: { CloseTime?: string; ReadyTime?: string; PickupDate?: string };
    PickupAddress?: {
      CompanyName?: string;
      ContactName?: string;
      AddressLine?: string | string[];
      City?: string;
      StateProvince?: string;
      PostalCode?: string;
      CountryCode?: string;
      Phone?: { Number?: string };
    };
    AlternateAddressIndicator?: string;
    PickupPiece?: {
      ServiceCode?: string;
      Quantity?: string;
      DestinationCountryCode?: string;
      ContainerCode?: string;
    }[];
    TotalWeight?: { Weight?: string; UnitOfMeasurement?: string };
    PaymentMethod?: string;
  };
}

export interface FakeUpsPickup {
  prn: string;
  pickupDate: string;
  postalCode: string;
  pieces: number;
  canceled: boolean;
}

const TIME = /^([01]\d|2[0-3])[0-5]\d$/;

function refusal(body: UpsPickupBody, today: string): { code: string; message: string } | null {
  const request = body.PickupCreationRequest;
  if (!request) return { code: '9500001', message: 'Missing PickupCreationRequest' };
  const date = request.PickupDateInfo;
  if (!/^\d{8}$/.test(date?.PickupDate ?? '')) return { code: '9500010', message: 'Missing or invalid PickupDate' };
  if (!TIME.test(date?.ReadyTime ?? '')) return { code: '9500011', message: 'Missing or invalid ReadyTime' };
  if (!TIME.test(date?.CloseTime ?? '')) return { code: '9500012', message: 'Missing or invalid CloseTime' };
  if (date!.PickupDate! < today.replaceAll('-', '')) {
    return { code: '9500013', message: `The PickupDate ${date!.PickupDate} is in the past` };
  }
  if (date!.CloseTime! <= date!.ReadyTime!) {
    return { code: '9500014', message: 'The CloseTime must be later than the ReadyTime' };
  }
  const address = request.PickupAddress;
  if (!address?.AddressLine || !address.City || !address.PostalCode || !address.CountryCode) {
    return { code: '9500020', message: 'Missing or invalid PickupAddress' };
  }
  if (!address.ContactName || !address.Phone?.Number) {
    return { code: '9500021', message: 'Missing ContactName or Phone Number in PickupAddress' };
  }
  if (!request.Shipper?.Account?.AccountNumber) return { code: '9500030', message: 'Missing Shipper AccountNumber' };
  const pieces = request.PickupPiece;
  if (!Array.isArray(pieces) || pieces.length === 0) return { code: '9500040', message: 'Missing PickupPiece' };
  if (pieces.some((p) => !(Number(p.Quantity) >= 1 && Number(p.Quantity) <= 999) || !p.ServiceCode)) {
    return { code: '9500041', message: 'Invalid PickupPiece: ServiceCode and a Quantity from 1 to 999 are required' };
  }
  if (!['00', '01', '02', '03', '04', '05', '06'].includes(request.PaymentMethod ?? '')) {
    return { code: '9500050', message: 'Missing or invalid PaymentMethod' };
  }
  return null;
}

export function createUpsPickups({ refuse, clock }: { refuse: Refuse; clock: FakeClock }) {
  const pickups = new Map<string, FakeUpsPickup>();

  function create(request: FakeRequest): FakeReply {
    let body: UpsPickupBody;
    try {
      body = JSON.parse(request.body) as UpsPickupBody;
    } catch {
      return refuse(400, '9500002', 'The request body is not valid JSON');
    }
    const today = new Date(clock.now()).toISOString().slice(0, 10);
    const refused = refusal(body, today);
    if (refused) return refuse(400, refused.code, refused.message);
    const request_ = body.PickupCreationRequest!;
    const pickupDate = request_.PickupDateInfo!.PickupDate!;
    const postalCode = request_.PickupAddress!.PostalCode!;
    const existing = [...pickups.values()].find(
      (p) => !p.canceled && p.pickupDate === pickupDate && p.postalCode === postalCode,
    );
    const prn = existing?.prn ?? `2929${randomBytes(4).toString('hex').toUpperCase()}`;
    if (!existing) {
      const pieces = request_.PickupPiece!.reduce((sum, p) => sum + Number(p.Quantity), 0);
      pickups.set(prn, { prn, pickupDate, postalCode, pieces, canceled: false });
    }
    return {
      status: 200,
      body: {
        PickupCreationResponse: {
          Response: { ResponseStatus: { Code: '1', Description: 'Success' } },
          PRN: prn,
          RateStatus: { Code: '01', Description: 'Rates available' },
          WeekendServiceTerritory: { SatWST: 'Y', SunWST: 'N' },
        },
      },
    };
  }

  function cancel(request: FakeRequest): FakeReply {
    if (request.params.cancelBy !== '02') {
      return refuse(400, '9510001', 'CancelBy 02 with a Prn header is the only cancel offered here');
    }
    const value = request.headers.prn;
    const prn = Array.isArray(value) ? value[0] : value;
    const pickup = prn ? pickups.get(prn) : undefined;
    if (!pickup || pickup.canceled)
      return refuse(400, '9510113', `No pending pickup was found for PRN ${prn ?? '(none)'}`);
    pickup.canceled = true;
    return {
      status: 200,
      body: {
        PickupCancelResponse: { Response: { ResponseStatus: { Code: '1', Description: 'Success' } }, PickupType: '01' },
      },
    };
  }

  return { pickups, create, cancel };
}
