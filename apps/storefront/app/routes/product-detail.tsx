/** One product (spec /products/{slug}); the catalog work fills it. */
export default function ProductDetailPage() {
  return (
    <section className="container page">
      <h1 className="page-title">Product Details</h1>
    </section>
  );
}
