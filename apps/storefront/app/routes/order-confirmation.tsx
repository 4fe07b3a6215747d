/** Shown after an order is placed (spec /order-confirmation); the orders work fills it. */
export default function OrderConfirmationPage() {
  return (
    <section className="container page">
      <h1 className="page-title">Order Confirmation</h1>
    </section>
  );
}
