/** Contact information and the message form (spec /contact); the content work fills it. */
export default function ContactPage() {
  return (
    <section className="container page">
      <h1 className="page-title">Contact Us</h1>
    </section>
  );
}
