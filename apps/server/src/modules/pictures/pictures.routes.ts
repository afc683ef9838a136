import { textField } from '@closia/shared';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { requireUser } from '../../plugins/session';
import {
  MAX_PICTURE_BYTES,
  type PictureKind,
  readPicture,
  removePicture,
  replacePicture,
} from './pictures.service';
import { readPhoto } from './upload';

const tags = ['pictures'];

/**
 * The upload's form, for the OpenAPI document. The handler reads the file from the multipart
 * stream, so a multipart request reaches validation without a body (Fastify passes null); a JSON
 * body is validated here and answers 422 on `photo`, like a form without the file.
 */
const uploadForm = z
  .object({ photo: z.file().meta({ description: 'JPEG, PNG or WebP image, at most 5 MB' }) })
  .nullish();

export const pictureRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_PICTURE_BYTES, files: 1, fields: 5, parts: 6 },
  });

  const upload = (kind: PictureKind, key: 'profilePicture' | 'banner') =>
    app.post(
      kind === 'profile' ? '/user/profile' : '/user/banner',
      {
        schema: {
          tags,
          summary: `Upload the ${kind === 'profile' ? 'avatar' : 'banner'} (multipart field photo; JPEG, PNG or WebP, ≤ 5 MB)`,
          consumes: ['multipart/form-data'],
          body: uploadForm,
          response: { 200: z.object({ [key]: z.string() }) },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const data = await readPhoto(request);
        const deps = { db: app.db, storage: app.storage, work: request.work, request };
        return { [key]: await replacePicture(deps, user.id, kind, data) };
      },
    );
  upload('profile', 'profilePicture');
  upload('banner', 'banner');

  for (const kind of ['profile', 'banner'] as const) {
    app.delete(
      kind === 'profile' ? '/user/profile' : '/user/banner',
      { schema: { tags, summary: `Remove the ${kind === 'profile' ? 'avatar' : 'banner'}` } },
      async (request, reply) => {
        await removePicture({ db: app.db, work: request.work }, requireUser(request).id, kind);
        return reply.code(204).send();
      },
    );
  }

  app.get(
    '/user/upload/:file',
    {
      schema: {
        tags,
        summary: 'An uploaded picture (type=profile for avatars, else banners)',
        params: z.object({ file: textField().max(100) }),
        querystring: z.object({ type: z.enum(['profile', 'banner']).optional() }),
      },
    },
    async (request, reply) => {
      const kind = request.query.type === 'profile' ? 'profile' : 'banner';
      const data = await readPicture(app.storage, kind, request.params.file);
      if (!data) throw notFound('File');
      // Names are random and never reused: the file can be cached for good.
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('x-content-type-options', 'nosniff');
      return reply.type('image/webp').send(data);
    },
  );
};
