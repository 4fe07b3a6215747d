/** Registration form (spec /register); the accounts work fills it. */
export default function RegisterPage() {
  return (
    <section className="container page">
      <h1 className="page-title">Register</h1>
    </section>
  );
}
