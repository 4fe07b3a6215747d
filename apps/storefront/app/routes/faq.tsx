/** Expandable questions and answers (spec /faq); the content work fills it. */
export default function FaqPage() {
  return (
    <section className="container page">
      <h1 className="page-title">Frequently Asked Questions</h1>
    </section>
  );
}
