import { idParam, limits, referenceItemSchema, referenceItemUpdateSchema, textField } from '@closia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paginationQuery, queryInt } from '../../lib/pagination';
import { requireAdmin, requireUser } from '../../plugins/session';
import { referenceKinds } from './reference.kinds';
import { responsesOf } from './reference.presenter';
import {
  createItem,
  deleteItem,
  listItems,
  listItemsForAdmin,
  proposeItem,
  updateItem,
} from './reference.service';

const search = textField().trim().max(limits.searchQueryMaxLength).optional();
/** Public lists feed pickers: a whole list in one page by default. */
const listQuery = paginationQuery.extend({
  perPage: queryInt(1, 100).default(100),
  search,
});
const adminListQuery = paginationQuery.extend({
  search,
  status: z.enum(['all', 'approved', 'pending']).default('all'),
});
const idParams = z.object({ id: idParam() });

/** Work sectors, skills and the formations catalogue: the same endpoints for each kind. */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of referenceKinds) {
    const { item, page } = responsesOf(kind);
    const tags = ['reference'];
    const adminTags = ['admin', 'reference'];
    const plural = kind.path.replace('-', ' ');

    app.get(
      `/${kind.path}`,
      {
        schema: {
          tags,
          summary: `Approved ${plural}, plus the signed-in user's own pending proposals; by name`,
          querystring: listQuery,
          response: { 200: page },
        },
      },
      async (request) => listItems(app.db, kind, request.query, request.user?.id ?? null),
    );

    app.post(
      `/${kind.path}`,
      {
        schema: {
          tags,
          summary: `Propose a ${kind.label.toLowerCase()} (201), or get the existing one of that name (200)`,
          body: referenceItemSchema,
          response: { 200: item, 201: item },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const result = await proposeItem(app.db, kind, request.body.name, user);
        return reply.code(result.created ? 201 : 200).send(result.item);
      },
    );

    app.get(
      `/admin/${kind.path}`,
      {
        schema: {
          tags: adminTags,
          summary: `Every ${kind.label.toLowerCase()} with its usage (admins only)`,
          querystring: adminListQuery,
          response: { 200: page },
        },
      },
      async (request) => {
        requireAdmin(request);
        return listItemsForAdmin(app.db, kind, request.query);
      },
    );

    app.post(
      `/admin/${kind.path}`,
      {
        schema: {
          tags: adminTags,
          summary: `Create an approved ${kind.label.toLowerCase()} (admins only)`,
          body: referenceItemSchema,
          response: { 201: item },
        },
      },
      async (request, reply) => {
        const admin = requireAdmin(request);
        return reply.code(201).send(await createItem(app.db, kind, request.body.name, admin.id));
      },
    );

    app.put(
      `/admin/${kind.path}/:id`,
      {
        schema: {
          tags: adminTags,
          summary: `Rename and/or approve a ${kind.label.toLowerCase()} (admins only)`,
          params: idParams,
          body: referenceItemUpdateSchema,
          response: { 200: item },
        },
      },
      async (request) => {
        requireAdmin(request);
        const updated = await updateItem(app.db, kind, request.params.id, request.body);
        // A rename rewrites the profiles that store the name: cached profiles are stale.
        if (kind.renameUses && request.body.name !== undefined) await app.sessions.invalidateAll();
        return updated;
      },
    );

    app.delete(
      `/admin/${kind.path}/:id`,
      {
        schema: {
          tags: adminTags,
          summary: `Delete a ${kind.label.toLowerCase()} that nothing uses (admins only)`,
          params: idParams,
        },
      },
      async (request, reply) => {
        requireAdmin(request);
        await deleteItem(app.db, kind, request.params.id);
        return reply.code(204).send();
      },
    );
  }
};
