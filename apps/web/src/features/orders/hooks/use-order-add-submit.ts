import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Path, UseFormReturn } from 'react-hook-form';
import { toast } from '@/lib/toast/toast';
import { hrefs } from '@/config/paths';
import { isApiError } from '@/lib/errors';
import { applyServerErrors } from '@/lib/validation';
import { useCreateOrderMutation } from '../api/orders-api';
import { newIdempotencyKey } from '@/lib/api/idempotency';
import { orderFieldPaths, toCreateOrder, type OrderFormValues } from '../order-form';

/**
 * Sends the add-order form (POST /api/v1/store/1/orders) and opens the new order. The server's field errors land on
 * their inputs; what no field takes is returned as `formError`.
 */
export function useOrderAddSubmit(form: UseFormReturn<OrderFormValues>) {
  const navigate = useNavigate();
  const [createOrder] = useCreateOrderMutation();
  // One key per form: a double submit (or a retry after a lost answer) creates one order.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const order = await createOrder({ body: toCreateOrder(values), idempotencyKey }).unwrap();
      toast.success(`Order ${order.orderNumber} created.`);
      void navigate(hrefs.orderView(order.id));
    } catch (error) {
      // A refused request (4xx) created nothing, so the next attempt gets a fresh key; after a network failure or
      // a 5xx the first attempt may have gone through, and the same key makes the server replay it. A 409 may be
      // the first attempt still running: keep the key.
      if (isApiError(error) && typeof error.status === 'number' && error.status < 500 && error.status !== 409) {
        setIdempotencyKey(newIdempotencyKey());
      }
      setFormError(
        applyServerErrors(
          error,
          orderFieldPaths(values) as Path<OrderFormValues>[],
          form.setError,
          'Could not create the order.',
        ),
      );
    }
  });

  return { submit, formError };
}
