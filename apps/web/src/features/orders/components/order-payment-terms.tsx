import { useState } from 'react';
import { toast } from '@/lib/toast/toast';
import Button from '@mui/material/Button';
import { Role, termsRefusal, type Order } from '@shipdesk/contract';
import { newIdempotencyKey } from '@/lib/api/idempotency';
import { apiErrorMessage } from '@/lib/errors';
import { selectUserRoleId, useAppSelector } from '@/lib/store-hooks';
import { useSetPaymentTermsMutation } from '../api/order-edits-api';

/**
 * Puts a wholesale or manual order on net terms (payment status Terms), or takes it off: an Admin's decision, so a
 * Manager sees no button (the server answers them 403 too). Channel orders are paid on their channel.
 */
export function OrderPaymentTerms({ order }: { order: Order }) {
  const roleId = useAppSelector(selectUserRoleId);
  const [setTerms, { isLoading }] = useSetPaymentTermsMutation();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const admin = roleId === Role.Admin || roleId === Role.SuperAdmin;
  const terms = order.paymentStatus !== 'Terms';
  if (!admin || termsRefusal(order, terms)) return null;

  const run = async () => {
    try {
      await setTerms({ orderId: order.id, body: { terms, version: order.version }, idempotencyKey }).unwrap();
      toast.success(terms ? `Order ${order.orderNumber} is on Terms.` : `Order ${order.orderNumber} is off Terms.`);
    } catch (failure) {
      toast.error(apiErrorMessage(failure, 'Could not change the payment terms.'));
    }
    setIdempotencyKey(newIdempotencyKey());
  };
  return (
    <Button size="small" variant="outlined" onClick={() => void run()} loading={isLoading}>
      {terms ? 'Put on Terms' : 'Take off Terms'}
    </Button>
  );
}
