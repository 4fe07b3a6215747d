/** Published blog posts (spec /blog); the content work fills it. */
export default function BlogPage() {
  return (
    <section className="container page">
      <h1 className="page-title">Blog</h1>
    </section>
  );
}
