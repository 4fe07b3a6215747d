/** Grid of product images with a full-screen view (spec /gallery); the catalog work fills it. */
export default function GalleryPage() {
  return (
    <section className="container page">
      <h1 className="page-title">Product Gallery</h1>
    </section>
  );
}
