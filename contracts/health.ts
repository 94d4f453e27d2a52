import { z } from 'zod';

export const componentStatus = z.enum(['ok', 'down', 'not configured']);

export const processorHealth = z.object({
  name: z.string(),
  version: z.number().int(),
  state: z.enum(['catching_up', 'live', 'retired']),
  paused: z.boolean(),
  position: z.number().int(),
  lagEvents: z.number().int(),
  lagSeconds: z.number(),
  error: z.string().nullable(),
  errorPosition: z.number().int().nullable(),
});

export const healthView = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  database: z.object({ status: componentStatus, driver: z.enum(['postgres', 'pglite']) }),
  redis: z.object({ status: componentStatus }),
  head: z.number().int(),
  processors: z.array(processorHealth),
});

export type HealthView = z.infer<typeof healthView>;
export type ProcessorHealth = z.infer<typeof processorHealth>;
