import { z } from 'zod';

/**
 * An account's contacts or lists changed, to every tab of its people (`user:{id}` rooms): the
 * directory, lists and contact pages on screen read again. One message per account per batch
 * of changes (an import's 500 rows are one), naming what changed; never their fields.
 */
export const contactsChanged = z.object({
  cursor: z.string().regex(/^\d+:\d+$/),
  position: z.number().int(),
  contactIds: z.array(z.number().int()),
  listIds: z.array(z.number().int()),
});
