/** Card payment result (spec /payment/return); the payments work fills it. */
export default function PaymentReturnPage() {
  return (
    <section className="container page">
      <h1 className="page-title">Payment Status</h1>
    </section>
  );
}
