import type { BlogComment } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { countComments, insertComment } from './comment-tree.ts';

const comment = (id: number, parent: number | null, replies: BlogComment[] = []): BlogComment => ({
  id,
  post: 1,
  parent,
  content: `c${id}`,
  user: { username: 'u' },
  created_at: '2024-01-01T00:00:00.000Z',
  is_approved: true,
  replies,
});

describe('comment tree', () => {
  const tree = [comment(1, null, [comment(2, 1, [comment(3, 2)])]), comment(4, null)];

  it('prepends a new top-level comment', () => {
    expect(insertComment(tree, comment(5, null)).map((c) => c.id)).toEqual([5, 1, 4]);
  });

  it('puts a reply under its parent at any depth, after the earlier replies', () => {
    const withReply = insertComment(tree, comment(6, 2));
    expect(withReply[0]?.replies[0]?.replies.map((c) => c.id)).toEqual([3, 6]);
    expect(tree[0]?.replies[0]?.replies).toHaveLength(1);
  });

  it('counts replies at every depth', () => {
    expect(countComments(tree)).toBe(4);
    expect(countComments([])).toBe(0);
  });
});
