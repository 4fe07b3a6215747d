import type { BlogComment } from '@platform/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { useIsSignedIn } from '../../session/index.ts';
import { useFormat } from '../../site/index.ts';
import { countComments, insertComment } from '../comment-tree.ts';
import { CommentForm } from './comment-form.tsx';

function CommentItem({
  comment,
  postId,
  signedIn,
  onAdded,
}: {
  comment: BlogComment;
  postId: number;
  signedIn: boolean;
  onAdded: (comment: BlogComment) => void;
}) {
  const [replying, setReplying] = useState(false);
  const format = useFormat();
  return (
    <li className="comment" id={`comment-${comment.id}`}>
      <div className="comment__head">
        <strong className="comment__author">{comment.user.username}</strong>
        <span className="comment__date">{format.date(comment.created_at)}</span>
      </div>
      {/* Plain text: React escapes it; comments are never HTML. */}
      <p className="comment__content">{comment.content}</p>
      {signedIn && !replying && (
        <button type="button" className="comment__reply" onClick={() => setReplying(true)}>
          Reply
        </button>
      )}
      {replying && (
        <CommentForm
          postId={postId}
          parent={comment.id}
          onAdded={(added) => {
            onAdded(added);
            setReplying(false);
          }}
          onCancel={() => setReplying(false)}
        />
      )}
      {comment.replies.length > 0 && (
        <ul className="comment-list comment-list--replies">
          {comment.replies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} postId={postId} signedIn={signedIn} onAdded={onAdded} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** Comments of a post with nested replies, and the forms to add one (spec /blog/{slug}). */
export function CommentSection({
  postId,
  slug,
  initialComments,
}: {
  postId: number;
  slug: string;
  initialComments: BlogComment[];
}) {
  const [comments, setComments] = useState(initialComments);
  const signedIn = useIsSignedIn();
  const add = (comment: BlogComment) => setComments((current) => insertComment(current, comment));
  return (
    <section className="comments" id="comments" aria-labelledby="comments-title">
      <h2 id="comments-title">Comments ({countComments(comments)})</h2>
      {comments.length === 0 ? (
        <p className="comments__empty">No approved comments yet. Be the first!</p>
      ) : (
        <ul className="comment-list">
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} postId={postId} signedIn={signedIn} onAdded={add} />
          ))}
        </ul>
      )}
      <div className="comments__new">
        <h3>Leave a Comment</h3>
        {signedIn ? (
          <CommentForm postId={postId} onAdded={add} />
        ) : (
          <p>
            <Link to={`/login?redirect=/blog/${slug}#comments`}>You must be logged in to leave a comment.</Link>
          </p>
        )}
      </div>
    </section>
  );
}
