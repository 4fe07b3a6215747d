/** Product list, filtered by ?category and ?search (spec /products); the catalog work fills it. */
export default function ProductsPage() {
  return (
    <section className="container page">
      <h1 className="page-title">Our Products</h1>
    </section>
  );
}
