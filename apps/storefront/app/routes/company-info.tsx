import { useSiteTitle } from '../features/site/site-settings.tsx';

/** About the shop (spec /company-info); the content work fills it. */
export default function CompanyInfoPage() {
  const siteTitle = useSiteTitle();
  return (
    <section className="container page">
      <h1 className="page-title">About {siteTitle}</h1>
    </section>
  );
}
