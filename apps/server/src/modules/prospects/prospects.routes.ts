import {
  activityCreateSchema,
  activityListSchema,
  activityUpdateSchema,
  checkboxValue,
  errorCodes,
  idParam,
  prospectCreateSchema,
  prospectLimits,
  prospectListSchema,
  prospectUpdateSchema,
  textField,
} from '@closia/shared';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forgetCrmAnswersOnWrites } from '../../lib/crm-cache';
import { AppError, fieldError } from '../../lib/errors';
import { requireUser } from '../../plugins/session';
import { createActivity, deleteActivity, listActivities, updateActivity } from './activities.service';
import { listProspects } from './prospects.list';
import {
  activityPage,
  activityResponse,
  importResultResponse,
  prospectPage,
  prospectWithDuplicatesResponse,
} from './prospects.presenter';
import { createProspect, deleteProspect, getProspect, updateProspect } from './prospects.service';
import { exportProspects } from './prospects-export.service';
import { type ImportRequest, importErrors, importProspects } from './prospects-import.service';

const tags = ['prospects'];
const idParams = z.object({ id: idParam() });
const { page: _page, perPage: _perPage, ...exportFilters } = prospectListSchema.shape;

const MAPPING_MAX_BYTES = 64 * 1024;

/**
 * The import form, for the OpenAPI document. The handler reads the multipart stream itself, so a
 * multipart request reaches validation without a body (null); a JSON body answers 422 on `file`.
 */
const importForm = z
  .object({
    file: z.file().meta({
      description:
        'CSV file (UTF-8 or Windows-1252, `;`, `,` or tab) or Excel workbook (.xlsx, its first sheet), at most 2 MB',
    }),
    mapping: textField()
      .max(MAPPING_MAX_BYTES)
      .optional()
      .meta({ description: 'JSON object: column header → field, customFields.<name> or ignore' }),
    dryRun: textField().max(5).optional().meta({ description: '"1": report without creating anything' }),
  })
  .nullish();

/** A body announced as multipart that is not (no boundary, no closing boundary, a broken part). */
const malformedMultipart = () => new AppError(400, errorCodes.badRequest, 'Malformed multipart body');

/** As for pictures: our 422s as they are, a file over 2 MB 422 `fileSize`, the plugin's 4xx, else 400. */
function readFailure(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return importErrors.tooLarge();
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return error;
  return malformedMultipart();
}

/**
 * Prospects (the caller's CRM contacts), their activities, their import (CSV or Excel) and their
 * CSV export.
 * Every route needs a signed-in user; another user's prospect or activity answers 404.
 */
export const prospectsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Prospects and activities count in the CRM's statistics (the writer's); a prospect edited or
  // deleted changes the deals on it, which others (its closers) see too.
  forgetCrmAnswersOnWrites(app, ['/prospects/:id']);
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: prospectLimits.importMaxBytes,
      fieldSize: MAPPING_MAX_BYTES,
      files: 1,
      fields: 5,
      parts: 6,
    },
  });

  /** Reads the form: the file `file` (whole, before anything is parsed), `mapping` and `dryRun`. */
  async function readImportForm(request: FastifyRequest): Promise<ImportRequest> {
    if (!request.isMultipart()) throw importErrors.missingFile();
    let file: Buffer | null = null;
    const fields = new Map<string, string>();
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const data = await part.toBuffer();
          if (part.fieldname === 'file' && file === null) file = data;
        } else {
          if (part.valueTruncated)
            throw fieldError(
              part.fieldname === 'mapping' ? 'mapping' : part.fieldname,
              'maxLength',
              undefined,
              { max: MAPPING_MAX_BYTES },
            );
          if (typeof part.value === 'string') fields.set(part.fieldname, part.value);
        }
      }
    } catch (error) {
      throw readFailure(error);
    }
    if (!file) throw importErrors.missingFile();
    const dryRun = checkboxValue().optional().safeParse(fields.get('dryRun'));
    if (!dryRun.success) throw fieldError('dryRun', 'boolean');
    const mapping = fields.get('mapping');
    return {
      file,
      dryRun: dryRun.data ?? false,
      ...(mapping !== undefined && mapping.trim() !== '' ? { mapping } : {}),
    };
  }

  app.get(
    '/prospects',
    {
      schema: {
        tags,
        summary:
          'My prospects: text search (names, e-mail, phone), state, leadStage, nextActivity (overdue|today|week, Paris days), sort, pages',
        querystring: prospectListSchema,
        response: { 200: prospectPage },
      },
    },
    async (request) => listProspects(app.db, requireUser(request).id, request.query),
  );

  app.post(
    '/prospects',
    {
      schema: {
        tags,
        summary:
          'Create a prospect; the answer lists my prospects with the same e-mail or phone (duplicates, a warning)',
        body: prospectCreateSchema,
        response: { 201: prospectWithDuplicatesResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createProspect(app.db, requireUser(request).id, request.body)),
  );

  app.get(
    '/prospects/export',
    {
      schema: {
        tags,
        summary:
          'My prospects as a CSV file (UTF-8 with BOM, `;`, French headers), with the filters and order of the list',
        querystring: z.object(exportFilters),
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { filename, body } = await exportProspects(app.db, requireUser(request).id, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.post(
    '/prospects/import',
    {
      schema: {
        tags,
        summary:
          'Import prospects from a CSV or Excel (.xlsx) file (multipart: file, mapping, dryRun=1); 200 for a dry run, 201 once imported',
        consumes: ['multipart/form-data'],
        body: importForm,
        response: { 200: importResultResponse, 201: importResultResponse },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const form = await readImportForm(request);
      const result = await importProspects(app.db, user.id, form);
      return reply.code(result.dryRun ? 200 : 201).send(result);
    },
  );

  app.get(
    '/prospects/:id',
    {
      schema: {
        tags,
        summary: 'One of my prospects, with its possible duplicates',
        params: idParams,
        response: { 200: prospectWithDuplicatesResponse },
      },
    },
    async (request) => getProspect(app.db, requireUser(request).id, request.params.id),
  );

  app.put(
    '/prospects/:id',
    {
      schema: {
        tags,
        summary:
          'Change the fields sent of one of my prospects (id in the body optional, must match); with its possible duplicates',
        params: idParams,
        body: prospectUpdateSchema,
        response: { 200: prospectWithDuplicatesResponse },
      },
    },
    async (request) => updateProspect(app.db, requireUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/prospects/:id',
    {
      schema: {
        tags,
        summary:
          'Delete one of my prospects, with its activities and its open or lost deals; 409 when it has a won deal',
        params: idParams,
      },
    },
    async (request, reply) => {
      await deleteProspect(app.db, requireUser(request).id, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/prospects/:id/activities',
    {
      schema: {
        tags,
        summary: 'Plan an activity (next step) for one of my prospects; its nextActivityAt follows',
        params: idParams,
        body: activityCreateSchema,
        response: { 201: activityResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createActivity(app.db, requireUser(request).id, request.params.id, request.body)),
  );

  app.get(
    '/activities',
    {
      schema: {
        tags,
        summary:
          "My prospects' activities by due date: due=overdue|today|week|all (Paris days), done=0|1, prospectId",
        querystring: activityListSchema,
        response: { 200: activityPage },
      },
    },
    async (request) => listActivities(app.db, requireUser(request).id, request.query),
  );

  app.put(
    '/activities/:id',
    {
      schema: {
        tags,
        summary: 'Change the fields sent of an activity; done=true|false marks it done or open again',
        params: idParams,
        body: activityUpdateSchema,
        response: { 200: activityResponse },
      },
    },
    async (request) => updateActivity(app.db, requireUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/activities/:id',
    { schema: { tags, summary: 'Delete an activity', params: idParams } },
    async (request, reply) => {
      await deleteActivity(app.db, requireUser(request).id, request.params.id);
      return reply.code(204).send();
    },
  );
};
