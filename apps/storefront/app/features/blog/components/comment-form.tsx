import { type BlogComment, COMMENT_MAX_LENGTH } from '@platform/contracts';
import { type FormEvent, useState } from 'react';
import { browserApi } from '../../../lib/browser-api.ts';
import { commentErrorText, submitComment } from '../api/blog.ts';

const MODERATION_TEXT = 'Your comment has been submitted and is awaiting moderation.';

/** The Leave a Comment form, and the reply form under a comment (`parent` set). */
export function CommentForm({
  postId,
  parent = null,
  onAdded,
  onCancel,
}: {
  postId: number | null;
  parent?: number | null;
  onAdded: (comment: BlogComment) => void;
  onCancel?: () => void;
}) {
  const [content, setContent] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSuccess(null);
    if (!postId) return setError('Post ID is required to submit a comment.');
    const text = content.trim();
    if (!text) return setError('Please enter your comment.');
    setSubmitting(true);
    try {
      const created = await submitComment(browserApi(), { post: postId, content: text, parent });
      setContent('');
      if (created.is_approved) {
        setSuccess('Comment submitted successfully!');
        onAdded(created);
      } else {
        setSuccess(MODERATION_TEXT);
      }
    } catch (caught) {
      setError(commentErrorText(caught));
    } finally {
      setSubmitting(false);
    }
  }

  const label = parent ? 'Your reply' : 'Your comment';
  return (
    <form className="comment-form" onSubmit={submit} noValidate>
      <label className="comment-form__label">
        <span>{label}</span>
        <textarea
          maxLength={COMMENT_MAX_LENGTH}
          value={content}
          onChange={(event) => setContent(event.target.value)}
          rows={parent ? 3 : 4}
        />
      </label>
      {error && (
        <div className="error-box" role="alert">
          {error}
        </div>
      )}
      {success && (
        <p className="form-success" role="status">
          {success}
        </p>
      )}
      <div className="comment-form__actions">
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? 'Submitting...' : parent ? 'Post Reply' : 'Post Comment'}
        </button>
        {onCancel && (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
