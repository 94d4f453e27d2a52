import { z } from 'zod';

/**
 * One event type: its name, the zod schema of its current data shape, and how older stored
 * shapes become the current one. `upcasters[v]` turns data stored at schema version v into v + 1,
 * so the log is never rewritten and every reader sees one shape.
 */
export interface EventDefinition<Type extends string = string, Schema extends z.ZodType = z.ZodType> {
  readonly type: Type;
  readonly schemaVersion: number;
  readonly schema: Schema;
  readonly upcasters: Readonly<Record<number, (data: any) => unknown>>;
}

export function defineEvent<Type extends string, Schema extends z.ZodType>(
  type: Type,
  schema: Schema,
  options: { schemaVersion?: number; upcasters?: Record<number, (data: any) => unknown> } = {},
): EventDefinition<Type, Schema> {
  const schemaVersion = options.schemaVersion ?? 1;
  const upcasters = options.upcasters ?? {};
  for (let v = 1; v < schemaVersion; v++) {
    if (!upcasters[v]) throw new Error(`${type}: schema version ${schemaVersion} needs an upcaster from version ${v}`);
  }
  return { type, schemaVersion, schema, upcasters };
}

/** The `{ type, data }` union of a list of definitions. */
export type EventOf<D> = D extends EventDefinition<infer Type, infer Schema> ? { type: Type; data: z.infer<Schema> } : never;

export const eventMetadata = z.object({
  actorId: z.string().nullable(),
  actorRole: z.string().nullable(),
  requestId: z.string().nullable(),
  correlationId: z.string().nullable(),
  causationId: z.string().nullable(),
});

export type EventMetadata = z.infer<typeof eventMetadata>;
