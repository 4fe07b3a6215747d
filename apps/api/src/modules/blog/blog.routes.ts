import { BlogComment, BlogPost, CreateBlogCommentBody } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/schemas.ts';
import { requireUser } from '../../plugins/request-context.ts';
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
export async function blogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/blog/posts/',
    { schema: { tags: ['blog'], querystring: PostListQuery, response: { 200: z.array(BlogPost), ...errorResponses } } },
    async (request) => listPublishedPosts(request.ctx, request.query, app.deps.media),
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
    async (request) => getPublishedPost(request.ctx, request.params.slug, app.deps.media),
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
      schema: {
        tags: ['blog'],
        security: [{ tenant: [], bearer: [] }],
        body: CreateBlogCommentBody,
        response: { 201: BlogComment, ...errorResponses },
      },
      // A guest is told to sign in before anything about the body.
      preValidation: async (request) => {
        requireUser(request.ctx);
      },
    },
    async (request, reply) => reply.code(201).send(await createComment(request.ctx, request.body)),
  );
}
