import {
  idParam,
  referenceAdminListQuerySchema,
  referenceItemSchema,
  referenceItemUpdateSchema,
  referenceListQuerySchema,
} from '@closia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
          querystring: referenceListQuerySchema,
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
          querystring: referenceAdminListQuerySchema,
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
        return updateItem(app.db, request.work, kind, request.params.id, request.body);
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
