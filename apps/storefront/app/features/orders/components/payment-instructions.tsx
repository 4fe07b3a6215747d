import type { PaymentMethod } from '@platform/contracts';

/** How to pay an order that awaits payment: the bank account details, or the shop's own instructions. */
export function PaymentInstructions({ method, text }: { method: PaymentMethod; text: string }) {
  if (!text) return null;
  return (
    <section className="order-panel" aria-labelledby="payment-instructions">
      <h2 id="payment-instructions">{method === 'bank_transfer' ? 'Bank Transfer Details' : 'Payment Instructions'}</h2>
      <p className="payment-instructions">{text}</p>
    </section>
  );
}
