/** Sign-in form (spec /login); the accounts work fills it. */
export default function LoginPage() {
  return (
    <section className="container page">
      <h1 className="page-title">Login</h1>
    </section>
  );
}
