import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonSchemaOf } from './json-schema.ts';

describe('jsonSchemaOf', () => {
  it('writes a nullable field as a type list, in nested objects and arrays too', () => {
    const schema = z.object({
      price: z.number().int().nullable(),
      reply: z.object({ text: z.string().nullable() }).nullable(),
      list: z.array(z.string().nullable()),
    });
    const json = jsonSchemaOf(schema);
    expect(json.$schema).toBeUndefined();
    expect(json.properties?.price?.type).toEqual(['integer', 'null']);
    expect(json.properties?.price?.anyOf).toBeUndefined();
    expect(json.properties?.reply?.type).toEqual(['object', 'null']);
    expect(json.properties?.reply?.properties?.text?.type).toEqual(['string', 'null']);
    expect(json.properties?.list?.items?.type).toEqual(['string', 'null']);
  });

  it('leaves optional fields out of `required` for what a client sends, keeps any value as {}', () => {
    const json = jsonSchemaOf(
      z.object({ id: z.string().max(64), score: z.unknown().optional(), note: z.string().optional() }),
      'input',
    );
    expect(json.required).toEqual(['id']);
    expect(json.properties?.score).toEqual({});
    expect(json.properties?.id).toEqual({ type: 'string', maxLength: 64 });
  });
});
