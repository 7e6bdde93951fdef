import { useState } from 'react';
import { toast } from '@/lib/toast/toast';
import type { AddressCheckApply } from '@shipdesk/contract';
import { newIdempotencyKey } from '@/lib/api/idempotency';
import { showApiError } from '@/lib/errors';
import { useApplyAddressCheckMutation, useCheckAddressesMutation } from './address-check-api';

/**
 * Taking the carrier's correction or a candidate as the order's ship-to, with the order's version (a change made
 * meanwhile is refused, 409, and the order refreshed); and asking for the check again. Each says how it went in a toast.
 */
export function useAddressCheckActions(orderId: string, version: number) {
  const [applyCheck, applying] = useApplyAddressCheckMutation();
  const [checkAddresses, checking] = useCheckAddressesMutation();
  // One key per seller's choice: a double click or a retry after a lost answer is applied once.
  const [attempt, setAttempt] = useState<{ body: string; key: string } | null>(null);

  const apply = async (choice: Omit<AddressCheckApply, 'version'>): Promise<boolean> => {
    const body: AddressCheckApply = { version, ...choice };
    const text = JSON.stringify(body);
    const key = attempt?.body === text ? attempt.key : newIdempotencyKey();
    setAttempt({ body: text, key });
    try {
      await applyCheck({ orderId, body, idempotencyKey: key }).unwrap();
      toast.success('Shipping address updated.');
      return true;
    } catch (error) {
      showApiError(error, 'Could not use this address.');
      return false;
    }
  };

  const checkAgain = async () => {
    try {
      await checkAddresses({ orderIds: [orderId] }).unwrap();
      toast.info('Checking the address again.');
    } catch (error) {
      showApiError(error, 'Could not ask for the address to be checked.');
    }
  };

  return { apply, applying: applying.isLoading, checkAgain, checking: checking.isLoading };
}
