/** The privacy policy document; the content work fills it. */
export default function PrivacyPolicyPage() {
  return (
    <section className="container page">
      <h1 className="page-title">Privacy Policy</h1>
    </section>
  );
}
