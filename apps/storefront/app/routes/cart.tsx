/** The cart and its checkout view (spec /cart); the cart work fills it. */
export default function CartPage() {
  return (
    <section className="container page">
      <h1 className="page-title">Shopping Cart</h1>
    </section>
  );
}
