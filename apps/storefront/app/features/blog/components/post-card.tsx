import type { BlogPost } from '@platform/contracts';
import { Link } from 'react-router';
import { useFormat, useMediaUrl } from '../../site/site-settings.tsx';

/** A post in the blog list (spec /blog). */
export function PostCard({ post }: { post: BlogPost }) {
  const mediaUrl = useMediaUrl();
  const format = useFormat();
  return (
    <article className="post-card">
      <Link to={`/blog/${post.slug}`} className="post-card__link">
        {post.featured_image ? (
          <img className="post-card__image" src={mediaUrl(post.featured_image)} alt={post.title} loading="lazy" />
        ) : (
          <div className="post-card__image post-card__image--empty">No image</div>
        )}
        <div className="post-card__body">
          <h2 className="post-card__title">{post.title}</h2>
          <p className="post-card__meta">
            By {post.author?.username || 'Admin'} on {format.date(post.published_at)} | {post.comment_count} Comment(s)
          </p>
          <span className="post-card__more">Read More →</span>
        </div>
      </Link>
    </article>
  );
}
