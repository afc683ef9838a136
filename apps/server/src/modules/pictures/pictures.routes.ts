import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { requireUser } from '../../plugins/session';
import {
  MAX_PICTURE_BYTES,
  type PictureKind,
  pictureErrors,
  readPicture,
  removePicture,
  replacePicture,
} from './pictures.service';

const tags = ['pictures'];

export const pictureRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_PICTURE_BYTES, files: 1, fields: 5, parts: 6 },
  });

  /** Reads the multipart field `photo`, answering the spec's 422 for a missing or too large file. */
  async function readPhoto(request: FastifyRequest): Promise<Buffer> {
    if (!request.isMultipart()) throw pictureErrors.missing();
    const file = await request.file();
    if (file?.fieldname !== 'photo') throw pictureErrors.missing();
    try {
      return await file.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw pictureErrors.size();
      throw error;
    }
  }

  const upload = (kind: PictureKind, key: 'profilePicture' | 'banner') =>
    app.post(
      kind === 'profile' ? '/user/profile' : '/user/banner',
      {
        schema: {
          tags,
          summary: `Upload the ${kind === 'profile' ? 'avatar' : 'banner'} (multipart field photo; JPEG, PNG or WebP, ≤ 5 MB)`,
          consumes: ['multipart/form-data'],
          response: { 200: z.object({ [key]: z.string() }) },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const data = await readPhoto(request);
        const name = await replacePicture({ db: app.db, storage: app.storage, request }, user.id, kind, data);
        return { [key]: name };
      },
    );
  upload('profile', 'profilePicture');
  upload('banner', 'banner');

  for (const kind of ['profile', 'banner'] as const) {
    app.delete(
      kind === 'profile' ? '/user/profile' : '/user/banner',
      { schema: { tags, summary: `Remove the ${kind === 'profile' ? 'avatar' : 'banner'}` } },
      async (request, reply) => {
        await removePicture({ db: app.db, storage: app.storage }, requireUser(request).id, kind);
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
        params: z.object({ file: z.string().max(100) }),
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
