/** One blog post with its comments (spec /blog/{slug}); the content work fills it. */
export default function BlogPostPage() {
  return (
    <section className="container page">
      <h1 className="page-title">Blog Post</h1>
    </section>
  );
}
