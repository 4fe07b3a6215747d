import { type BlogComment, COMMENT_MAX_LENGTH } from '@platform/contracts';
import { type FormEvent, useState } from 'react';
import { FormMessage, useSubmission } from '../../../components/form-message.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { browserApi } from '../../../lib/browser-api.ts';
import { submitComment } from '../api/blog.ts';

const MODERATION_TEXT = 'Your comment has been submitted and is awaiting moderation.';
const COMMENT_FALLBACK = 'Failed to submit comment. Please try again.';

// Spec section 8: the detail, else the JSON text of the body, else the fallback.
const commentFailureText = (error: unknown) => errorText(error, COMMENT_FALLBACK, { body: true, message: false });

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
  const { outcome, setOutcome, submitting, submit: send } = useSubmission();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!postId) return setOutcome({ kind: 'error', text: 'Post ID is required to submit a comment.' });
    const text = content.trim();
    if (!text) return setOutcome({ kind: 'error', text: 'Please enter your comment.' });
    void send(async () => {
      const created = await submitComment(browserApi(), { post: postId, content: text, parent });
      setContent('');
      if (!created.is_approved) return MODERATION_TEXT;
      onAdded(created);
      return 'Comment submitted successfully!';
    }, commentFailureText);
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
      <FormMessage outcome={outcome} />
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
