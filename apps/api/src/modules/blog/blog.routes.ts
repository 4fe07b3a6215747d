import { BlogComment, BlogPost, CreateBlogCommentBody, PageNumber, QueryRowId } from '@platform/contracts';
import {
  AdminBlogSettings,
  AdminBlogSettingsBody,
  AdminComment,
  AdminCommentListQuery,
  AdminCommentPage,
  AdminCommentUpdateBody,
  AdminItemParams,
  AdminPost,
  AdminPostCreateBody,
  AdminPostListQuery,
  AdminPostPage,
  AdminPostUpdateBody,
} from '@platform/contracts/admin-content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { signedIn, staffOnly } from '../../plugins/access.ts';
import { routeRateLimit } from '../../plugins/rate-limit.ts';
import {
  createPostByStaff,
  deleteCommentByStaff,
  deletePostByStaff,
  getBlogSettings,
  getPostForStaff,
  listCommentsForStaff,
  listPostsForStaff,
  moderateComment,
  updateBlogSettings,
  updatePostByStaff,
} from './blog.admin.ts';
import { createComment, getPublishedPost, listPublicComments, listPublishedPosts } from './blog.service.ts';

const PostListQuery = z.object({ status: z.string().optional() });
const CommentListQuery = z.object({
  post: QueryRowId,
  page: PageNumber.optional(),
  page_size: z.coerce.number().int().min(1).max(100).optional(),
  is_approved: z
    .enum(['true', 'false', 'True', 'False', '1', '0'])
    .transform((value) => value === 'true' || value === 'True' || value === '1')
    .optional(),
});

/** Comment posting: per client address (a household, an office) and per account (from anywhere). */
export const BLOG_RATE_LIMITS = {
  comment: { perAddress: { max: 30, timeWindow: '10 minutes' }, perAccount: { max: 10, timeWindow: '10 minutes' } },
} as const;

/** `/blog/`: published posts, their approved comments, and comments by signed-in customers. */
export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/blog/posts/',
    {
      config: { publicCache: true },
      schema: { tags: ['blog'], querystring: PostListQuery, response: { 200: z.array(BlogPost), ...errorResponses } },
    },
    async (request) => listPublishedPosts(request.ctx, request.query),
  );
  app.get(
    '/blog/posts/:slug/',
    {
      config: { publicCache: true },
      schema: {
        tags: ['blog'],
        params: z.object({ slug: z.string() }),
        response: { 200: BlogPost, ...errorResponses },
      },
    },
    async (request) => getPublishedPost(request.ctx, request.params.slug),
  );
  app.get(
    '/blog/comments/',
    {
      config: { publicCache: true },
      schema: {
        tags: ['blog'],
        querystring: CommentListQuery,
        response: { 200: z.array(BlogComment), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { comments, more } = await listPublicComments(request.ctx, request.query);
      // The next page of top-level comments, when there is one (the spec's answer stays a plain list).
      if (more) {
        const next = new URLSearchParams({
          post: String(request.query.post),
          page: String((request.query.page ?? 1) + 1),
          ...(request.query.page_size ? { page_size: String(request.query.page_size) } : {}),
        });
        reply.header('link', `</api/blog/comments/?${next}>; rel="next"`);
      }
      return comments;
    },
  );
  app.post(
    '/blog/comments/',
    {
      // A guest is told to sign in before anything about the body.
      onRequest: signedIn(),
      config: routeRateLimit(BLOG_RATE_LIMITS.comment.perAddress, BLOG_RATE_LIMITS.comment.perAccount),
      schema: {
        tags: ['blog'],
        security: [{ tenant: [], bearer: [] }],
        body: CreateBlogCommentBody,
        response: { 201: BlogComment, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await createComment(request.ctx, request.body)),
  );
};

/** `/admin/posts/`, `/admin/comments/`, `/admin/blog-settings/`: the blog's administration (staff). */
export const blogAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', staffOnly());
  const schema = { tags: ['admin'], security: [{ tenant: [], bearer: [] }] };

  app.get(
    '/posts/',
    { schema: { ...schema, querystring: AdminPostListQuery, response: { 200: AdminPostPage, ...errorResponses } } },
    async (request) => listPostsForStaff(request.ctx, request.query),
  );

  app.post(
    '/posts/',
    { schema: { ...schema, body: AdminPostCreateBody, response: { 201: AdminPost, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await createPostByStaff(request.ctx, request.body)),
  );

  app.get(
    '/posts/:id/',
    { schema: { ...schema, params: AdminItemParams, response: { 200: AdminPost, ...errorResponses } } },
    async (request) => getPostForStaff(request.ctx, request.params.id),
  );

  app.patch(
    '/posts/:id/',
    {
      schema: {
        ...schema,
        params: AdminItemParams,
        body: AdminPostUpdateBody,
        response: { 200: AdminPost, ...errorResponses },
      },
    },
    async (request) => updatePostByStaff(request.ctx, request.params.id, request.body),
  );

  app.delete(
    '/posts/:id/',
    { schema: { ...schema, params: AdminItemParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await deletePostByStaff(request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/comments/',
    {
      schema: { ...schema, querystring: AdminCommentListQuery, response: { 200: AdminCommentPage, ...errorResponses } },
    },
    async (request) => listCommentsForStaff(request.ctx, request.query),
  );

  app.patch(
    '/comments/:id/',
    {
      schema: {
        ...schema,
        params: AdminItemParams,
        body: AdminCommentUpdateBody,
        response: { 200: AdminComment, ...errorResponses },
      },
    },
    async (request) => moderateComment(request.ctx, request.params.id, request.body),
  );

  app.delete(
    '/comments/:id/',
    { schema: { ...schema, params: AdminItemParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await deleteCommentByStaff(request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/blog-settings/',
    { schema: { ...schema, response: { 200: AdminBlogSettings, ...errorResponses } } },
    async (request) => getBlogSettings(request.ctx),
  );

  app.patch(
    '/blog-settings/',
    { schema: { ...schema, body: AdminBlogSettingsBody, response: { 200: AdminBlogSettings, ...errorResponses } } },
    async (request) => updateBlogSettings(request.ctx, request.body),
  );
};
