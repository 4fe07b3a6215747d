/** The customer's order history; the orders work fills it. */
export default function AccountOrdersPage() {
  return (
    <section className="container page">
      <h1 className="page-title">My Orders</h1>
    </section>
  );
}
