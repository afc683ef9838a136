import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './response-serializer';

const answer = z.object({
  id: z.number().int(),
  name: z.string(),
  note: z.string().nullable(),
  tags: z.array(z.string()).max(10),
  owner: z.object({ id: z.number().int(), email: z.string() }).nullable(),
  counts: z.record(z.string(), z.number().int()),
  kind: z.enum(['setter', 'closer']),
  either: z.union([z.object({ a: z.number() }), z.object({ b: z.string() })]),
  extra: z.unknown().optional(),
});

const compile = (check: boolean) =>
  responseSerializerCompiler({ check })({ schema: answer, method: 'GET', url: '/x' });

const row = {
  id: 7,
  name: 'Léa « Closer »\n',
  note: null,
  tags: ['a', 'b'],
  owner: { id: 1, email: 'a@b.fr', passwordHash: 'secret' },
  counts: { setter: 2, closer: 0 },
  kind: 'setter' as const,
  either: { b: 'x' },
  passwordHash: 'secret',
};

describe('response serializer', () => {
  it('writes what the Zod schema gives, and nothing it does not list (no hash leaves)', () => {
    const text = compile(false)(row);
    expect(text).not.toContain('secret');
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(answer.parse(row))));
    expect(JSON.parse(compile(false)({ ...row, note: 'ok', owner: null }))).toMatchObject({
      note: 'ok',
      owner: null,
    });
  });

  it('under test, refuses an answer the schema refuses, as the Zod serializer did', () => {
    expect(() => compile(true)({ ...row, id: 'seven' })).toThrow(/Response doesn't match the schema/);
    expect(compile(true)(row)).toBe(compile(false)(row));
  });
});
