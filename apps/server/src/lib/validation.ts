import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { RequestValidationError } from './errors';

/** Validates params, query and body with their Zod schema; failures answer the spec's 422 envelope. */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    // reportInput: each issue carries the value it failed on, so a wrong value is never taken for a
    // missing one (e.g. `workSectors=abc`, whose list exists only after parsing).
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return {
      error: new RequestValidationError(
        result.error,
        data,
        httpPart === 'querystring' ? 'query' : (httpPart ?? 'body'),
      ),
    };
  };
