import { MESSAGE_MAX_LENGTH, type MessageCreateInput, messageCreateSchema, textField } from '@closia/shared';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fieldError, RequestValidationError } from '../../lib/errors';
import { attachmentErrors, MAX_PICTURE_BYTES } from '../pictures/pictures.service';
import { multipartFailure } from '../pictures/upload';
import type { MessageInput } from './messages.service';

/**
 * The body of `POST …/messages`, for the OpenAPI document: JSON `{ body }`, or multipart with the
 * field `body` and an optional file `image`. A multipart request reaches validation without a
 * body (Fastify passes null); the handler reads its parts.
 */
export const messageForm = messageCreateSchema
  .extend({ image: z.file().optional().meta({ description: 'JPEG, PNG or WebP image, at most 5 MB' }) })
  .nullish();

/** Lets the plugin that sends messages read multipart forms (one image, one text field). */
export async function acceptMessageForms(app: FastifyInstance) {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_PICTURE_BYTES, files: 1, fields: 2, parts: 3 },
  });
}

/** The text of a multipart message: like the JSON one, but it may be empty when an image comes with it. */
const multipartText = z.object({ body: textField().trim().max(MESSAGE_MAX_LENGTH) });

/**
 * The message a request sends: the validated JSON body, or the multipart form's `body` and
 * `image` (read whole before anything is stored). A missing text answers 422 `body` required.
 */
export async function readMessageForm(
  request: FastifyRequest,
  json: MessageCreateInput | null | undefined,
): Promise<MessageInput> {
  if (!request.isMultipart()) {
    if (!json) throw fieldError('body', 'required');
    return { body: json.body };
  }
  let body = '';
  let image: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image') throw fieldError(part.fieldname, 'notAllowed');
        image = await part.toBuffer();
      } else if (part.fieldname === 'body') {
        body = String(part.value ?? '');
      }
    }
  } catch (error) {
    throw multipartFailure(error, attachmentErrors.size);
  }
  const checked = multipartText.safeParse({ body });
  if (!checked.success) throw new RequestValidationError(checked.error, { body });
  return { body: checked.data.body, image };
}
