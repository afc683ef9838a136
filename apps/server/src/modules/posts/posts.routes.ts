import {
  commentListQuerySchema,
  commentResponse,
  commentSchema,
  idParam,
  paginated,
  postLikeResponse,
  postListQuerySchema,
  postResponse,
  postSchema,
  postSummaryResponse,
  postUpdateSchema,
  textField,
} from '@closia/shared';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { viewerOf } from '../../lib/viewer';
import { requireUser } from '../../plugins/session';
import { MAX_PICTURE_BYTES } from '../pictures/pictures.service';
import { readPhoto } from '../pictures/upload';
import { createComment, deleteComment, listComments } from './comments.service';
import { readPostPicture, replaceCover, storePostPicture } from './post-images';
import { listPosts } from './posts.feed';
import { postImageUrl } from './posts.presenter';
import { createPost, deletePost, getPost, likePost, setCover, updatePost } from './posts.service';

const idParams = z.object({ id: idParam() });
const tags = ['posts'];

/** As for profile pictures: the handler reads the file from the multipart stream (`pictures.routes.ts`). */
const uploadForm = z
  .object({ photo: z.file().meta({ description: 'JPEG, PNG or WebP image, at most 5 MB' }) })
  .nullish();

/** The community feed (issue 21 §3): posts, their covers and images, likes and comments. */
export const postsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_PICTURE_BYTES, files: 1, fields: 5, parts: 6 },
  });

  const signedIn = (request: FastifyRequest) => {
    requireUser(request);
    return viewerOf(request.session)!;
  };

  app.get(
    '/posts',
    {
      schema: {
        tags,
        summary:
          'The feed: published posts (and, authorId = me, all of mine), French text search, tag, recent or popular',
        querystring: postListQuerySchema,
        response: { 200: paginated(postSummaryResponse) },
      },
    },
    async (request) => listPosts(app.db, signedIn(request), request.query),
  );

  app.post(
    '/posts',
    {
      schema: {
        tags,
        summary: 'Write a post (its HTML body kept through an allow-list)',
        body: postSchema,
        response: { 201: postResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createPost(app.db, request.work, signedIn(request), request.body)),
  );

  app.post(
    '/posts/images',
    {
      schema: {
        tags,
        summary:
          'Upload an image to insert in a post’s body (multipart field photo; JPEG, PNG or WebP, ≤ 5 MB)',
        consumes: ['multipart/form-data'],
        body: uploadForm,
        response: { 201: z.object({ url: z.string() }) },
      },
    },
    async (request, reply) => {
      signedIn(request);
      const name = await storePostPicture(app.storage, await readPhoto(request), 'image');
      return reply.code(201).send({ url: postImageUrl(name) });
    },
  );

  for (const kind of ['cover', 'image'] as const) {
    app.get(
      kind === 'cover' ? '/posts/covers/:file' : '/posts/images/:file',
      {
        schema: {
          tags,
          summary: kind === 'cover' ? 'A post’s cover picture' : 'An image of a post’s body',
          params: z.object({ file: textField().max(100) }),
        },
      },
      async (request, reply) => {
        const data = await readPostPicture(app.storage, kind, request.params.file);
        if (!data) throw notFound('File');
        // Names are random and never reused: the file can be cached for good.
        reply.header('cache-control', 'public, max-age=31536000, immutable');
        reply.header('x-content-type-options', 'nosniff');
        return reply.type('image/webp').send(data);
      },
    );
  }

  app.get(
    '/posts/:id',
    {
      schema: {
        tags,
        summary: 'A post (a draft or hidden one: its author and admins only)',
        params: idParams,
        response: { 200: postResponse },
      },
    },
    async (request) => getPost(app.db, signedIn(request), request.params.id),
  );

  app.put(
    '/posts/:id',
    {
      schema: {
        tags,
        summary: 'Change a post (author or admin); published the first time, it gets its date',
        params: idParams,
        body: postUpdateSchema,
        response: { 200: postResponse },
      },
    },
    async (request) => updatePost(app.db, request.work, signedIn(request), request.params.id, request.body),
  );

  app.delete(
    '/posts/:id',
    { schema: { tags, summary: 'Delete a post (author or admin)', params: idParams } },
    async (request, reply) => {
      await deletePost(app.db, request.work, signedIn(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/posts/:id/cover',
    {
      schema: {
        tags,
        summary: 'Set a post’s cover (author or admin; multipart field photo; JPEG, PNG or WebP, ≤ 5 MB)',
        consumes: ['multipart/form-data'],
        params: idParams,
        body: uploadForm,
        response: { 200: postResponse },
      },
    },
    async (request) => {
      const viewer = signedIn(request);
      const data = await readPhoto(request);
      const deps = { db: app.db, storage: app.storage, work: request.work };
      return replaceCover(deps, viewer, request.params.id, data);
    },
  );

  app.delete(
    '/posts/:id/cover',
    {
      schema: {
        tags,
        summary: 'Remove a post’s cover (author or admin)',
        params: idParams,
        response: { 200: postResponse },
      },
    },
    async (request) => setCover(app.db, request.work, signedIn(request), request.params.id, null),
  );

  for (const method of ['put', 'delete'] as const) {
    app[method](
      '/posts/:id/like',
      {
        schema: {
          tags,
          summary: method === 'put' ? 'Like a post (idempotent)' : 'Take back a like (idempotent)',
          params: idParams,
          response: { 200: postLikeResponse },
        },
      },
      async (request) => likePost(app.db, signedIn(request), request.params.id, method === 'put'),
    );
  }

  app.get(
    '/posts/:id/comments',
    {
      schema: {
        tags,
        summary: 'A post’s comments, oldest first',
        params: idParams,
        querystring: commentListQuerySchema,
        response: { 200: paginated(commentResponse) },
      },
    },
    async (request) => listComments(app.db, signedIn(request), request.params.id, request.query),
  );

  app.post(
    '/posts/:id/comments',
    {
      schema: {
        tags,
        summary: 'Comment on a post (plain text); its author is notified',
        params: idParams,
        body: commentSchema,
        response: { 201: commentResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createComment(app.db, request.work, signedIn(request), request.params.id, request.body)),
  );

  app.delete(
    '/comments/:id',
    {
      schema: {
        tags,
        summary: 'Delete a comment (its author, the post’s author or an admin)',
        params: idParams,
      },
    },
    async (request, reply) => {
      await deleteComment(app.db, signedIn(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
