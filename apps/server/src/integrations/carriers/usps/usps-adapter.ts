import { ChannelError } from '../../http/channel-http.ts';
import { carrierFields } from '../carrier-connection-fields.ts';
import type { CarrierAdapter, CarrierAdapterOptions, CarrierConnection } from '../carrier-types.ts';
import { createUspsClient, type UspsPaymentAccount } from './usps-client.ts';

function paymentAccount(fields: Record<string, string>): UspsPaymentAccount {
  const accountType = fields.accountType!.toUpperCase();
  if (accountType !== 'EPS' && accountType !== 'PERMIT') {
    throw new ChannelError('invalid', `The USPS payment account type must be EPS or PERMIT, not ${fields.accountType}`);
  }
  if (accountType === 'PERMIT' && !fields.permitZip) {
    throw new ChannelError('invalid', 'The USPS account is missing: Permit ZIP (a PERMIT account needs it)');
  }
  return {
    crid: fields.crid!,
    mid: fields.mid!,
    manifestMid: fields.manifestMid ?? fields.mid!,
    accountType,
    accountNumber: fields.accountNumber!,
    permitZip: fields.permitZip,
  };
}

/** A refusal of the roles is about the CRID, MIDs or payment account the seller typed, not the app's credentials. */
function refusedPaymentAccount(error: unknown): never {
  if (error instanceof ChannelError && (error.kind === 'invalid' || error.kind === 'forbidden')) {
    throw new ChannelError(
      error.kind,
      `USPS refused the payment account (HTTP ${error.status})`,
      error.status,
      error.platformMessage,
    );
  }
  throw error;
}

export function createUspsAdapter(connection: CarrierConnection, options: CarrierAdapterOptions = {}): CarrierAdapter {
  const fields = carrierFields('usps', connection);
  const payment = paymentAccount(fields);
  const client = createUspsClient(
    {
      accountKey: connection.key,
      clientId: fields.clientId!,
      clientSecret: fields.clientSecret!,
      apiBaseUrl: fields.apiBaseUrl,
      payment,
    },
    options.http,
  );

  return {
    carrier: 'usps',

    // The token alone proves only the app; the payment authorization proves the business account labels bill to.
    async testConnection(signal) {
      const answer = await client.authorizePayment(signal).catch(refusedPaymentAccount);
      const payer = answer.roles?.find((role) => role.roleName === 'PAYER');
      return { accountName: `CRID ${payer?.CRID ?? payment.crid} / MID ${payer?.MID ?? payment.mid}` };
    },
  };
}
