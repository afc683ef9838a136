import { errorCodes } from '@closia/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { pictureErrors } from './pictures.service';

/** A body announced as multipart that is not (no boundary, no closing boundary, a broken part). */
const malformedMultipart = () => new AppError(400, errorCodes.badRequest, 'Malformed multipart body');

/**
 * What a failure while reading a multipart form becomes: our 422s as they are, a file over the
 * limit `tooLarge()` (422 `fileSize`), the plugin's own 4xx (too many parts…) as they are; any
 * other parser error means the body is not valid multipart: 400. Only the plugin's 5xx (a bug)
 * stays a 500.
 */
export function multipartFailure(error: unknown, tooLarge: () => AppError): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (typeof statusCode === 'number' && statusCode >= 400) return error;
  return malformedMultipart();
}

/**
 * Reads the multipart field `photo` (the plugin registering the route accepts multipart),
 * answering the spec's 422 for a missing or too large file and 400 for a body that is not valid
 * multipart. The whole file is read before anything is stored, so a truncated upload changes nothing.
 */
export async function readPhoto(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw pictureErrors.missing();
  try {
    const file = await request.file();
    if (file?.fieldname !== 'photo') throw pictureErrors.missing();
    return await file.toBuffer();
  } catch (error) {
    throw multipartFailure(error, pictureErrors.size);
  }
}
