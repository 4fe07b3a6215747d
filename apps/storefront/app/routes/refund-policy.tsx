/** The refund policy document; the content work fills it. */
export default function RefundPolicyPage() {
  return (
    <section className="container page">
      <h1 className="page-title">Refund Policy</h1>
    </section>
  );
}
