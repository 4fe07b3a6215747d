/** One order of the customer; the orders work fills it. */
export default function AccountOrderDetailPage() {
  return (
    <section className="container page">
      <h1 className="page-title">Order Details</h1>
    </section>
  );
}
