import { randomBytes } from 'node:crypto';
import {
  ARTICLE_STAGING_PARAM,
  articleAdminListQuerySchema,
  articleCreateSchema,
  articleKinds,
  articleListQuerySchema,
  articleListResponse,
  articlePreviewQuerySchema,
  articlePreviewStatusResponse,
  articlePreviewTokenResponse,
  articlePublicResponse,
  articleReadQuerySchema,
  articleRenderResponse,
  articleRenderSchema,
  articleResponse,
  articleSlugField,
  articleUpdateSchema,
  errorCodes,
  idParam,
  textField,
} from '@closia/shared';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors';
import { requireAdmin } from '../../plugins/session';
import { MAX_PICTURE_BYTES } from '../pictures/pictures.service';
import { readPhoto } from '../pictures/upload';
import { encodePicture } from '../posts/post-images';
import { renderArticle } from './article-markdown';
import { coverKey, STORED_COVER } from './articles.presenter';
import { listPublicArticles, lookUpArticle, presentPublicArticle } from './articles.public';
import {
  createArticle,
  deleteArticle,
  getArticle,
  listAdminArticles,
  requireArticle,
  setArticleCover,
  updateArticle,
} from './articles.service';
import { clearPreviewCookie, previewOf, signPreviewToken } from './preview-token';

const idParams = z.object({ id: idParam() });
const tags = ['articles'];

const uploadForm = z
  .object({ photo: z.file().meta({ description: 'JPEG, PNG or WebP image, at most 5 MB' }) })
  .nullish();

/** The live preview of the editor: renders cost CPU, so an admin gets this many a minute. */
const RENDERS_PER_MINUTE = 60;

/** `ARTICLE_NOT_FOUND`: a missing article, or one the caller may not read (a draft without a token). */
export const articleNotFound = () =>
  new AppError(404, errorCodes.notFound, 'Article not found', undefined, 'ARTICLE_NOT_FOUND');

/**
 * The blog and the tutorials (issue 22 §1). Admins write (`/admin/articles…`: 401 signed out,
 * 403 for anyone else); everyone reads the published ones (`/articles…`), drafts and scheduled
 * ones too with a preview token.
 */
export const articlesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_PICTURE_BYTES, files: 1, fields: 5, parts: 6 },
  });
  const siteUrl = app.config.appUrl;
  const previewOptions = { appKey: app.config.appKey, secureCookies: app.config.secureCookies };
  const rendersPerAdmin = app.limitBy(
    { limit: RENDERS_PER_MINUTE, windowMs: 60_000 },
    (request) => `article-render:user:${request.user?.id ?? request.ip}`,
  );

  // --- admins ---------------------------------------------------------------------------------

  app.post(
    '/admin/articles',
    {
      schema: {
        tags,
        summary: 'Write an article (admins); the slug defaults to the title’s, the Markdown is rendered once',
        body: articleCreateSchema,
        response: { 201: articleResponse },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      return reply.code(201).send(await createArticle(app.db, siteUrl, admin.id, request.body));
    },
  );

  app.get(
    '/admin/articles',
    {
      schema: {
        tags,
        summary: 'Every article, any status, the latest changed first (admins)',
        querystring: articleAdminListQuerySchema,
        response: { 200: articleListResponse },
      },
    },
    async (request) => {
      requireAdmin(request);
      return listAdminArticles(app.db, request.query);
    },
  );

  app.post(
    '/admin/articles/preview-token',
    {
      schema: {
        tags,
        summary: 'A preview token valid one hour: drafts and scheduled articles readable with it (admins)',
        response: { 200: articlePreviewTokenResponse },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const { token, expiresAt } = signPreviewToken(app.config.appKey, admin.id);
      return { token, expiresAt: expiresAt.toISOString() };
    },
  );

  app.post(
    '/admin/articles/render',
    {
      schema: {
        tags,
        summary: 'Render Markdown as an article would be (the editor’s live preview; admins, rate-limited)',
        body: articleRenderSchema,
        response: { 200: articleRenderResponse },
      },
    },
    async (request) => {
      requireAdmin(request);
      await rendersPerAdmin(request);
      return renderArticle(request.body.body, siteUrl);
    },
  );

  app.get(
    '/admin/articles/:id',
    {
      schema: {
        tags,
        summary: 'One article, any status, for the editor (admins)',
        params: idParams,
        response: { 200: articleResponse },
      },
    },
    async (request) => {
      requireAdmin(request);
      return getArticle(app.db, request.params.id);
    },
  );

  app.put(
    '/admin/articles/:id',
    {
      schema: {
        tags,
        summary: 'Change an article (admins); a new slug keeps the old one answering 301',
        params: idParams,
        body: articleUpdateSchema,
        response: { 200: articleResponse },
      },
    },
    async (request) => {
      requireAdmin(request);
      return updateArticle(app.db, siteUrl, request.params.id, request.body);
    },
  );

  app.delete(
    '/admin/articles/:id',
    { schema: { tags, summary: 'Delete an article and its cover (admins)', params: idParams } },
    async (request, reply) => {
      requireAdmin(request);
      await deleteArticle(app.db, request.work, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/admin/articles/:id/cover',
    {
      schema: {
        tags,
        summary:
          'Set an article’s cover (admins; multipart field photo; JPEG, PNG or WebP, ≤ 5 MB; re-encoded 1200×630 WebP)',
        consumes: ['multipart/form-data'],
        params: idParams,
        body: uploadForm,
        response: { 200: articleResponse },
      },
    },
    async (request) => {
      requireAdmin(request);
      const data = await readPhoto(request);
      await requireArticle(app.db, request.params.id);
      const encoded = await encodePicture(data, 'cover');
      const name = `${randomBytes(16).toString('hex')}.webp`;
      await app.storage.put(coverKey(name)!, encoded, 'image/webp');
      return setArticleCover(app.db, request.work, request.params.id, name);
    },
  );

  app.delete(
    '/admin/articles/:id/cover',
    {
      schema: {
        tags,
        summary: 'Remove an article’s cover (admins)',
        params: idParams,
        response: { 200: articleResponse },
      },
    },
    async (request) => {
      requireAdmin(request);
      return setArticleCover(app.db, request.work, request.params.id, null);
    },
  );

  // --- everyone -------------------------------------------------------------------------------

  app.get(
    '/articles',
    {
      schema: {
        tags,
        summary: 'Published articles, newest first: kind, category, tag, French text search',
        querystring: articleListQuerySchema,
        response: { 200: articleListResponse },
      },
    },
    async (request) => listPublicArticles(app.db, request.query),
  );

  app.get(
    '/articles/preview',
    {
      schema: {
        tags,
        summary:
          'Whether the preview mode is on: a valid token in ?preview= (then kept in the closia_preview cookie) or the cookie; with staging=1, the staging address',
        querystring: articlePreviewQuerySchema,
        response: { 200: articlePreviewStatusResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const expiresAt = previewOf(request, reply, previewOptions);
      const staging = request.query[ARTICLE_STAGING_PARAM] === true;
      return {
        active: expiresAt !== null,
        expiresAt: expiresAt?.toISOString() ?? null,
        stagingUrl: expiresAt && staging ? app.config.previewStagingUrl : null,
      };
    },
  );

  app.delete(
    '/articles/preview',
    { schema: { tags, summary: '« Quitter l’aperçu »: the preview cookie cleared' } },
    async (_request, reply) => {
      clearPreviewCookie(reply, app.config.secureCookies);
      return reply.code(204).send();
    },
  );

  app.get(
    '/articles/covers/:file',
    {
      schema: {
        tags,
        summary: 'An article’s cover picture',
        params: z.object({ file: textField().max(100) }),
      },
    },
    async (request, reply) => {
      const key = STORED_COVER.test(request.params.file) ? coverKey(request.params.file) : null;
      const data = key ? await app.storage.get(key) : null;
      if (!data) throw notFound('File');
      // Names are random and never reused: the file can be cached for good.
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      return reply.type('image/webp').send(data);
    },
  );

  app.get(
    '/articles/:kind/*',
    {
      schema: {
        tags,
        summary:
          'One article by its kind and (multi-segment) slug: published, or any status with a preview token; an old slug answers 301',
        params: z.object({ kind: z.enum(articleKinds), '*': articleSlugField() }),
        querystring: articleReadQuerySchema,
        response: { 200: articlePublicResponse },
      },
    },
    async (request, reply) => {
      const { kind, '*': slug } = request.params;
      const previewing = previewOf(request, reply, previewOptions) !== null;
      const found = await lookUpArticle(app.db, kind, slug, previewing);
      if ('movedTo' in found) return redirect(request, reply, `/api/v1/articles/${kind}/${found.movedTo}`);
      if ('missing' in found) throw articleNotFound();
      if (found.preview) reply.header('cache-control', 'private, no-store');
      return presentPublicArticle(app.db, found.found, found.preview);
    },
  );
};

/** 301 to `path`, the query string kept. */
export function redirect(request: FastifyRequest, reply: FastifyReply, path: string) {
  const query = request.url.indexOf('?');
  return reply.redirect(query === -1 ? path : `${path}${request.url.slice(query)}`, 301);
}
