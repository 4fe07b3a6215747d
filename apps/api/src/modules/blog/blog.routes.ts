import { BlogComment, BlogPost, CreateBlogCommentBody } from '@platform/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { signedIn } from '../../plugins/request-context.ts';
import { createComment, getPublishedPost, listPublicComments, listPublishedPosts } from './blog.service.ts';

const PostListQuery = z.object({ status: z.string().optional() });
const CommentListQuery = z.object({
  post: z.coerce.number().int().positive(),
  is_approved: z
    .enum(['true', 'false', 'True', 'False', '1', '0'])
    .transform((value) => value === 'true' || value === 'True' || value === '1')
    .optional(),
});

/** `/blog/`: published posts, their approved comments, and comments by signed-in customers. */
export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/blog/posts/',
    { schema: { tags: ['blog'], querystring: PostListQuery, response: { 200: z.array(BlogPost), ...errorResponses } } },
    async (request) => listPublishedPosts(request.ctx, request.query),
  );
  app.get(
    '/blog/posts/:slug/',
    {
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
      schema: {
        tags: ['blog'],
        querystring: CommentListQuery,
        response: { 200: z.array(BlogComment), ...errorResponses },
      },
    },
    async (request) => listPublicComments(request.ctx, request.query),
  );
  app.post(
    '/blog/comments/',
    {
      // A guest is told to sign in before anything about the body.
      onRequest: signedIn(),
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
