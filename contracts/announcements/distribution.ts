import { z } from 'zod';
import { idParam } from '../validation.ts';

// Sending an announcement's email version: who to (its audience), how it went (batches), and the
// newsroom's subscribers who asked for it.

export const LIST_NOT_FOUND = (id: number) => `Contact list ${id} was not found`;
export const ADDRESS_RULE = (address: string) => `${address} is not an email address`;
export const TOO_MANY_ADDRESSES = 'Type at most 1,000 addresses; put more on a contact list';
export const SUBSCRIBE_SENT = 'Check your inbox: follow the link we sent to confirm your subscription.';
export const SUBSCRIPTION_CONFIRMED = 'Your subscription is confirmed.';
export const SUBSCRIPTION_LINK_INVALID = 'This confirmation link is not valid (it may have been used already).';
export const UNSUBSCRIBED = 'You will receive no more emails from this sender.';
export const UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is not valid.';
export const RELAY_FAILING = 'The mail relay is refusing messages: sending is held and will be tried again.';
export const MAX_TYPED_ADDRESSES = 1000;

const address = z.string().trim().toLowerCase().max(254);

/** Who receives the email version: the account's contact lists, the newsroom's confirmed subscribers, and typed addresses. */
export const audience = z.object({
  lists: z.array(z.number().int().positive()).max(50),
  subscribers: z.boolean(),
  addresses: z.array(address),
});
export type Audience = z.infer<typeof audience>;
export const EMPTY_AUDIENCE: Audience = { lists: [], subscribers: false, addresses: [] };

export const audienceBody = audience;

export const batchStatus = z.enum(['queued', 'sending', 'sent', 'failed']);
export const recipientStatus = z.enum(['queued', 'sent', 'failed', 'bounced']);

export const batchView = z.object({
  id: z.number().int(),
  status: batchStatus,
  size: z.number().int(),
  sent: z.number().int(),
  /** The relay's answer when the batch last failed. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});

const count = z.number().int();
/** What became of it: clicks are the headline figure; opens are counted by a pixel that some mail apps load by themselves. */
export const numbersView = z.object({
  tracking: z.boolean(),
  sent: count,
  delivered: count,
  opened: count,
  opens: count,
  clicked: count,
  clicks: count,
  views: count,
  uniqueVisitors: count,
  /** Recipients the relay reported undeliverable for now (4.x.x): unlike a bounce for good, they are mailed next time. */
  softBounced: count,
  /** By hour, oldest first. */
  series: z.array(z.object({ at: z.string(), opens: count, clicks: count, views: count })),
  /** The recipients who did most, most first, those whose links were revoked, and those who bounced. */
  recipients: z.array(
    z.object({
      id: z.number().int(),
      email: z.string(),
      status: z.string(),
      opens: count,
      clicks: count,
      /** Reads of the web version through their own link. */
      views: count,
      /** When their links stopped opening it; null while they work. */
      revokedAt: z.string().nullable(),
      /** The relay could not deliver it: `hard` for good (never mailed again), `soft` for now. */
      bounce: z.enum(['hard', 'soft']).nullable(),
    }),
  ),
});
export type NumbersView = z.infer<typeof numbersView>;
export const OPENS_NOTE = 'Some mail apps open every email by themselves, so opens overstate readers; clicks do not.';
export const LINK_INVALID = 'This link is not valid.';
export const NO_RECIPIENT = 'This recipient was not found';

export const recipientParams = z.object({ id: idParam, recipientId: idParam });

export const distributionView = z.object({
  audience,
  totals: z.object({ recipients: z.number().int(), queued: z.number().int(), sent: z.number().int(), failed: z.number().int(), bounced: z.number().int() }),
  batches: z.array(batchView),
  /** Said when the relay is refusing: sending is held, never silently dropped. */
  alert: z.string().nullable(),
  numbers: numbersView,
});
export type DistributionView = z.infer<typeof distributionView>;

/**
 * The email version as a recipient gets it (issue 18's `email` view): its links stand in for a
 * recipient's own, and looking at it counts nothing.
 */
export const emailVersionView = z.object({
  subject: z.string(),
  /** The From line every recipient sees. */
  from: z.string(),
  html: z.string(),
  text: z.string(),
  /** Sent now (or at its scheduled time), it would go out under embargo until then: the banner in it says so. */
  embargoUntil: z.string().nullable(),
});
export type EmailVersionView = z.infer<typeof emailVersionView>;

export const subscribeBody = z.object({ email: z.string().trim().toLowerCase().email({ message: 'Email is not valid' }).max(254) });
export const messageAnswer = z.object({ message: z.string() });
