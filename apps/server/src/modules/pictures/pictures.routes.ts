import { errorCodes, textField } from '@closia/shared';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors';
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

/**
 * The upload's form, for the OpenAPI document. The handler reads the file from the multipart
 * stream, so a multipart request reaches validation without a body (Fastify passes null); a JSON
 * body is validated here and answers 422 on `photo`, like a form without the file.
 */
const uploadForm = z
  .object({ photo: z.file().meta({ description: 'JPEG, PNG or WebP image, at most 5 MB' }) })
  .nullish();

/** A body announced as multipart that is not (no boundary, no closing boundary, a broken part). */
const malformedMultipart = () => new AppError(400, errorCodes.badRequest, 'Malformed multipart body');

/**
 * What a failure while reading the form becomes: our 422s as they are, a file over the limit 422
 * `fileSize`, the plugin's own 4xx (too many parts…) as they are; any other parser error means
 * the body is not valid multipart: 400. Only the plugin's 5xx (a bug) stays a 500.
 */
function readFailure(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return pictureErrors.size();
  if (typeof statusCode === 'number' && statusCode >= 400) return error;
  return malformedMultipart();
}

export const pictureRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_PICTURE_BYTES, files: 1, fields: 5, parts: 6 },
  });

  /**
   * Reads the multipart field `photo`, answering the spec's 422 for a missing or too large file
   * and 400 for a body that is not valid multipart. The whole file is read before anything is
   * stored, so a truncated upload changes nothing.
   */
  async function readPhoto(request: FastifyRequest): Promise<Buffer> {
    if (!request.isMultipart()) throw pictureErrors.missing();
    try {
      const file = await request.file();
      if (file?.fieldname !== 'photo') throw pictureErrors.missing();
      return await file.toBuffer();
    } catch (error) {
      throw readFailure(error);
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
          body: uploadForm,
          response: { 200: z.object({ [key]: z.string() }) },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const data = await readPhoto(request);
        const name = await replacePicture({ db: app.db, storage: app.storage, request }, user.id, kind, data);
        await app.sessions.invalidateUser(user.id);
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
        const user = requireUser(request);
        await removePicture({ db: app.db, storage: app.storage }, user.id, kind);
        await app.sessions.invalidateUser(user.id);
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
