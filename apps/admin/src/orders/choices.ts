import { ORDER_STATUSES, PAYMENT_METHODS, paymentMethodLabel } from '@platform/contracts';
import { statusLabel } from '../lib/format.ts';

export const STATUS_CHOICES = ORDER_STATUSES.map((status) => ({ id: status, name: statusLabel(status) }));

export const PAYMENT_METHOD_CHOICES = PAYMENT_METHODS.map((method) => ({
  id: method,
  name: method === 'custom' ? 'Custom method' : paymentMethodLabel(method, ''),
}));
