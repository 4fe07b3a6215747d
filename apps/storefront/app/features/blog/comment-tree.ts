import type { BlogComment } from '@platform/contracts';

/** The number of comments in a tree, replies included. */
export function countComments(comments: readonly BlogComment[]): number {
  let total = 0;
  const stack = [...comments];
  while (stack.length > 0) {
    const comment = stack.pop() as BlogComment;
    total += 1;
    stack.push(...comment.replies);
  }
  return total;
}

/**
 * The tree with a new comment in it (spec section 4 "Blog"): a top-level comment is prepended; a reply goes under
 * its parent, after the replies already there (oldest first, as the server orders them). Unchanged when the parent
 * is not in the tree.
 */
export function insertComment(comments: readonly BlogComment[], added: BlogComment): BlogComment[] {
  const node = { ...added, replies: added.replies ?? [] };
  if (added.parent === null) return [node, ...comments];
  const into = (list: readonly BlogComment[]): BlogComment[] =>
    list.map((comment) =>
      comment.id === added.parent
        ? { ...comment, replies: [...comment.replies, node] }
        : comment.replies.length > 0
          ? { ...comment, replies: into(comment.replies) }
          : comment,
    );
  return into(comments);
}
