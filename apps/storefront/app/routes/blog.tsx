import { ErrorBox } from '../components/error-box.tsx';
import { picturePreload } from '../components/picture.tsx';
import { loadBlogList } from '../features/blog/api/blog.ts';
import { featuredPicture, POST_CARD_SIZES, PostCard } from '../features/blog/components/post-card.tsx';
import { apiFromContext } from '../lib/api.server.ts';
import { browserApi } from '../lib/browser-api.ts';
import { pageMeta, rootData } from '../lib/seo.ts';
import blogStylesHref from '../styles/blog.css?url';
import type { Route } from './+types/blog';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: blogStylesHref }];

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const title = rootData(matches)?.settings?.site_title;
  const [first] = loaderData?.posts ?? [];
  const picture = first ? featuredPicture(first) : null;
  return [
    ...pageMeta(matches, { title: title ? `Blog | ${title}` : 'Blog', path: '/blog' }),
    ...(picture
      ? [picturePreload(picture, { sizes: POST_CARD_SIZES, mediaHost: rootData(matches)?.mediaHost ?? '' })]
      : []),
  ];
};

export function loader({ context }: Route.LoaderArgs) {
  return loadBlogList(apiFromContext(context));
}

export function clientLoader() {
  return loadBlogList(browserApi());
}

/** Published blog posts (spec /blog). */
export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const { posts, error } = loaderData;
  return (
    <section className="container page">
      <h1 className="page-title">Blog</h1>
      {error !== null ? (
        <ErrorBox>{error}</ErrorBox>
      ) : posts.length === 0 ? (
        <p className="empty-state">No blog posts have been published yet.</p>
      ) : (
        <div className="post-grid">
          {posts.map((post, index) => (
            <PostCard key={post.id} post={post} priority={index === 0} />
          ))}
        </div>
      )}
    </section>
  );
}
