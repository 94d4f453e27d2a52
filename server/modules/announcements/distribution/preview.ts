import { renderEmail, type EmailLinks, type EmailSource, type RenderedEmail } from './email.ts';

/** Stands for the recipient: no recipient has this id, and none of the links below carries it. */
const NOBODY = 0;

/**
 * The email as a recipient gets it, for its writers to look at: rendered by the sender's own
 * renderer, for nobody. Tracking is off, so it has no open pixel and its body's links lead straight
 * to where they go; "Read it online" leads to the web version its writers read, and the unsubscribe
 * link is a placeholder that says what it is. No recipient's signed token is in it, and looking at
 * it counts nothing.
 */
export function previewEmail(source: EmailSource, publicUrl: string): Promise<RenderedEmail> {
  const links: EmailLinks = {
    webUrl: () => `${publicUrl}/app/announcements/${source.announcementId}/web`,
    unsubscribeUrl: () => `${publicUrl}/m/u/preview`,
    clickUrl: (_recipient, url) => url,
    openPixelUrl: () => {
      throw new Error('An email preview has no open pixel: looking at it must count nothing');
    },
  };
  return renderEmail({ ...source, tracking: false }, NOBODY, links, publicUrl);
}
