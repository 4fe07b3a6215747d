import type { BlogPost } from '@platform/contracts';
import { Link } from 'react-router';
import { Picture, type PictureFile } from '../../../components/picture.tsx';
import { useFormat } from '../../site/index.ts';

/** How wide a post card's picture is: a column of the list (at least 280 pixels, at most the page's 1200). */
export const POST_CARD_SIZES = '(min-width: 1200px) 400px, (min-width: 640px) 50vw, 100vw';

/** A post's featured image as a picture (its size and variants when the media module knows them); null without one. */
export function featuredPicture(post: BlogPost): PictureFile | null {
  if (!post.featured_image) return null;
  return {
    src: post.featured_image,
    width: post.featured_image_width,
    height: post.featured_image_height,
    variants: post.featured_image_variants,
  };
}

/** A post in the blog list (spec /blog); the first card's picture is the list's largest (`priority`). */
export function PostCard({ post, priority = false }: { post: BlogPost; priority?: boolean }) {
  const format = useFormat();
  const picture = featuredPicture(post);
  return (
    <article className="post-card">
      <Link to={`/blog/${post.slug}`} className="post-card__link">
        {picture ? (
          <Picture
            className="post-card__image"
            file={picture}
            alt={post.title}
            sizes={POST_CARD_SIZES}
            priority={priority}
          />
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
