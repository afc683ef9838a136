import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as shared from '../index';
import { toValidationErrors } from '../validation';

/**
 * Every string a request schema of this package accepts must be a `textField()` (or a builder on
 * it): PostgreSQL refuses NUL characters and lone surrogates, and the request would answer 500.
 * This walks every exported schema down to its string leaves, so a raw `z.string()` added later
 * fails here.
 */

type Leaf = { path: string; schema: z.ZodType };

function stringLeaves(schema: z.ZodType, path: string, seen: Set<z.ZodType>, out: Leaf[]): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const walk = (child: unknown, suffix: string) => {
    if (child instanceof z.ZodType) stringLeaves(child, `${path}${suffix}`, seen, out);
  };
  switch (def.type) {
    case 'string':
      out.push({ path, schema });
      return;
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, z.ZodType>))
        walk(child, `.${key}`);
      walk(def.catchall, '.*');
      return;
    case 'array':
      walk(def.element, '[]');
      return;
    case 'record':
      walk(def.keyType, '{key}');
      walk(def.valueType, '{}');
      return;
    case 'tuple':
      for (const [i, item] of (def.items as z.ZodType[]).entries()) walk(item, `[${i}]`);
      walk(def.rest, '[...]');
      return;
    case 'union':
      for (const option of def.options as z.ZodType[]) walk(option, '');
      return;
    case 'intersection':
      walk(def.left, '');
      walk(def.right, '');
      return;
    case 'pipe':
      walk(def.in, '');
      walk(def.out, '');
      return;
    case 'lazy':
      walk((def.getter as () => z.ZodType)(), '');
      return;
    default:
      // optional, nullable, default, prefault, catch, readonly, nonoptional…
      walk(def.innerType, '');
  }
}

const exported = (Object.entries(shared) as [string, unknown][]).filter(
  (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
);

const leaves = exported.flatMap(([name, schema]) => {
  const out: Leaf[] = [];
  stringLeaves(schema, name, new Set(), out);
  return out;
});

describe('request schemas refuse what PostgreSQL text cannot store', () => {
  it('finds the schemas and their string fields', () => {
    expect(exported.map(([name]) => name)).toEqual(
      expect.arrayContaining(['registerSchema', 'userUpdateSchema', 'salesProfileUpdateSchema']),
    );
    expect(leaves.map((leaf) => leaf.path)).toEqual(
      expect.arrayContaining([
        'registerSchema.firstName',
        'userUpdateSchema.location',
        'userUpdateSchema.videoUrl',
        'prospectCreateSchema.customFields{key}',
        'prospectCreateSchema.customFields{}',
      ]),
    );
  });

  it.each([
    ['a NUL', 'ab\u0000cd@exemple.fr'],
    ['a lone surrogate', 'ééé\ude00'],
  ])('every string field refuses %s with rule invalidCharacters', (_label, value) => {
    const accepted = leaves.filter(({ schema }) => {
      const result = schema.safeParse(value);
      return result.success || toValidationErrors(result.error, value)[0]?.rule !== 'invalidCharacters';
    });
    expect(accepted.map((leaf) => leaf.path)).toEqual([]);
  });
});
