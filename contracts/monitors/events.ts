import { z } from 'zod';
import { defineEvent } from '../events/define.ts';
import { monitorDefinition, sourceKind } from './api.ts';

const accountId = z.number().int().positive();
const monitorId = z.number().int().positive();
const userId = z.number().int().positive();

// A monitor's stream (`monitor-{id}`). Everything in it is private to its account.
export const MonitorCreated = defineEvent('MonitorCreated', z.object({ accountId, monitorId, definition: monitorDefinition, createdBy: userId }));
/** The definition as it is now, whole. */
export const MonitorChanged = defineEvent('MonitorChanged', z.object({ accountId, monitorId, definition: monitorDefinition, changedBy: userId }));
export const MonitorDeleted = defineEvent('MonitorDeleted', z.object({ accountId, monitorId, deletedBy: userId }));
/** The daily email told the account's people of the `mentions` matched up to `through`. */
export const MonitorDigestSent = defineEvent('MonitorDigestSent', z.object({ accountId, monitorId, through: z.string(), mentions: z.number().int().min(0) }));

/**
 * An item matched a monitor as it arrived (stream `mention-{monitorId}-{source}-{sourceId}`,
 * one each, so an item is a mention of a monitor at most once). The item is kept as it read
 * then: a report of last month shows what was said last month.
 */
export const MentionRecorded = defineEvent(
  'MentionRecorded',
  z.object({
    accountId,
    monitorId,
    source: sourceKind,
    sourceId: z.string(),
    title: z.string(),
    summary: z.string(),
    link: z.string().nullable(),
    outlet: z.string().nullable(),
    beats: z.array(z.string()),
    country: z.string().nullable(),
    publishedAt: z.string(),
    /** When the item reached the log. */
    matchedAt: z.string(),
  }),
);

export const monitorEvents = [MonitorCreated, MonitorChanged, MonitorDeleted, MonitorDigestSent, MentionRecorded] as const;
