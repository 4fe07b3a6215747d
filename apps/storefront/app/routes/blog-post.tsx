import { data } from 'react-router';
import { ErrorBox } from '../components/error-box.tsx';
import { Picture, picturePreload } from '../components/picture.tsx';
import { RichText } from '../components/rich-text.tsx';
import { loadBlogPost } from '../features/blog/api/blog.ts';
import { CommentSection } from '../features/blog/components/comment-section.tsx';
import { featuredPicture } from '../features/blog/components/post-card.tsx';
import { NotFoundHelp } from '../features/shell/components/not-found-help.tsx';
import { useFormat } from '../features/site/site-settings.tsx';
import { apiFromContext } from '../lib/api.server.ts';
import { browserApi } from '../lib/browser-api.ts';
import { absoluteUrl, pageMeta, privatePageMeta, rootData } from '../lib/seo.ts';
import blogStylesHref from '../styles/blog.css?url';
import type { Route } from './+types/blog-post';

/** The post's picture spans its column (at most 820 pixels). */
const POST_IMAGE_SIZES = '(min-width: 852px) 820px, 100vw';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: blogStylesHref }];

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) => {
  const post = loaderData?.post;
  if (!post) return privatePageMeta('Blog post not found');
  const path = `/blog/${params.slug}`;
  const picture = featuredPicture(post);
  const preload = picture
    ? [picturePreload(picture, { sizes: POST_IMAGE_SIZES, mediaHost: rootData(matches)?.mediaHost ?? '' })]
    : [];
  const seo = pageMeta(matches, {
    title: post.title,
    description: post.content,
    path,
    image: post.featured_image,
    type: 'article',
    jsonLd: [
      {
        '@type': 'BlogPosting',
        headline: post.title,
        datePublished: post.published_at,
        author: { '@type': 'Person', name: post.author?.username ?? 'Admin' },
        url: absoluteUrl(rootData(matches), path),
        ...(post.featured_image ? { image: absoluteUrl(rootData(matches), post.featured_image) } : {}),
      },
    ],
  });
  return [...seo, ...preload];
};

export async function loader({ context, params }: Route.LoaderArgs) {
  const result = await loadBlogPost(apiFromContext(context), params.slug);
  return data(result, { status: result.status });
}

export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return loadBlogPost(browserApi(), params.slug);
}

/** One blog post with its comments (spec /blog/{slug}). */
export default function BlogPostPage({ loaderData, params }: Route.ComponentProps) {
  const { post, comments, error } = loaderData;
  const format = useFormat();
  if (!post) {
    return (
      <section className="container page">
        <ErrorBox>{error}</ErrorBox>
        {loaderData.status === 404 && <NotFoundHelp />}
      </section>
    );
  }
  const author = post.author?.username || 'Admin';
  const picture = featuredPicture(post);
  return (
    <article className="container page blog-post">
      <h1 className="page-title">{post.title}</h1>
      <p className="blog-post__meta">
        Published on {format.date(post.published_at)} by {author}
      </p>
      {picture && (
        <Picture className="blog-post__image" file={picture} alt={post.title} sizes={POST_IMAGE_SIZES} priority />
      )}
      {post.content ? <RichText className="blog-post__content" html={post.content} /> : <p>No content available.</p>}
      {/* Keyed by post, so that another post starts with its own comments. */}
      <CommentSection key={post.id} postId={post.id} slug={params.slug} initialComments={comments} />
    </article>
  );
}
