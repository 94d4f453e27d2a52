import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { PostKind } from '../../../contracts/posts/kinds.ts';
import type {
  asyncCalloutBody,
  calloutBody,
  communityPostBody,
  eventBody,
  jobBody,
  reactionBody,
  recordBody,
  storyBody,
} from '../../../contracts/posts/payloads.ts';
import type { Database } from '../../db/schema.ts';
import { ValidationFailed } from '../../errors.ts';
import { mayPostIn } from '../communities/permissions.ts';
import { standingsIn } from '../communities/queries.ts';
import { resolveMentions } from '../content/mentions.ts';
import { findCompany, isResponsibleFor } from '../organizations/queries.ts';
import { sanitizeRichText, storedIsBlank, storedMentionedSlugs } from '../content/rich-text.ts';
import { ownAttachments, ownVideo } from './attachments.ts';
import type { Viewer } from './permissions.ts';

export type PostBodies = {
  callout: z.output<typeof calloutBody> & Partial<Pick<z.output<typeof asyncCalloutBody>, 'showQuestions' | 'allowSkip'>> & { interviewId?: number };
  communityPost: z.output<typeof communityPostBody>;
  event: z.output<typeof eventBody>;
  job: z.output<typeof jobBody>;
  record: z.output<typeof recordBody>;
  reaction: z.output<typeof reactionBody>;
  statement: z.output<typeof reactionBody>;
  story: z.output<typeof storyBody>;
};

export type Authored = {
  authorId: number;
  authorType: 'person' | 'company';
  communityIds: number[];
  userTypes: PostBodies['job']['userTypes'];
  fields: Record<string, unknown>;
  mentions: number[];
};

/**
 * Turns a validated request body into what the post's events store: who it is published
 * as, for whom, and its fields with rich text sanitised, mentions resolved and uploads
 * checked to be the author's own.
 */
export async function authorPost<K extends PostKind>(db: Kysely<Database>, viewer: Viewer, kind: K, body: PostBodies[K]): Promise<Authored> {
  const author = await publishedAs(db, viewer, body.saveAs);
  await checkCommunities(db, viewer, body.communities);
  const texts: string[] = [];
  const rich = (html: string) => {
    const clean = sanitizeRichText(html);
    texts.push(clean);
    return clean;
  };
  const fields = await fieldsOf(db, viewer, kind, body, rich);
  const mentions = await resolveMentions(db, [...new Set(texts.flatMap(storedMentionedSlugs))]);
  return {
    ...author,
    communityIds: [...new Set(body.communities)],
    userTypes: [...new Set(body.userTypes)],
    fields,
    mentions: mentions.map((mention) => mention.userId).filter((userId) => userId !== viewer.contactId),
  };
}

/**
 * saveAs names the author: the person themselves (their own id, 'self' or nothing), or a
 * company they answer for, which makes the post the company's and the person its creator.
 * A platform admin may name any company: section 6 lets admins edit what companies publish,
 * and an edit form sends the post's author back.
 */
async function publishedAs(db: Kysely<Database>, viewer: Viewer, saveAs: number | 'self' | null | undefined): Promise<Pick<Authored, 'authorId' | 'authorType'>> {
  if (saveAs === undefined || saveAs === null || saveAs === 'self' || saveAs === viewer.contactId) return { authorId: viewer.contactId, authorType: 'person' };
  const company = await findCompany(db, { id: saveAs });
  if (company && (viewer.isAdmin || (await isResponsibleFor(db, viewer.contactId, company.id)))) return { authorId: company.id, authorType: 'company' };
  throw new ValidationFailed(['You may publish only as yourself or as a company you are responsible for']);
}

/** Each community named must exist and take posts from the viewer: its members, and platform admins anywhere. */
async function checkCommunities(db: Kysely<Database>, viewer: Viewer, communityIds: readonly number[]): Promise<void> {
  const standings = await standingsIn(db, viewer.contactId, communityIds);
  const problems = [...new Set(communityIds)].flatMap((id) => {
    const standing = standings.get(id);
    if (standing === undefined) return [`Community ${id} does not exist`];
    return mayPostIn({ id: viewer.contactId, isAdmin: viewer.isAdmin }, standing) ? [] : [`Join community ${id} to post there`];
  });
  if (problems.length > 0) throw new ValidationFailed(problems);
}

function required(clean: string, message: string): string {
  if (storedIsBlank(clean)) throw new ValidationFailed([message]);
  return clean;
}

async function fieldsOf(db: Kysely<Database>, viewer: Viewer, kind: PostKind, body: PostBodies[PostKind], rich: (html: string) => string): Promise<Record<string, unknown>> {
  switch (kind) {
    case 'callout': {
      const b = body as PostBodies['callout'];
      return {
        title: b.title,
        content: required(rich(b.content), 'Content is required'),
        deadline: b.deadline,
        interviewId: b.interviewId ?? null,
        showQuestions: b.showQuestions ?? false,
        allowSkip: b.allowSkip ?? false,
      };
    }
    case 'communityPost': {
      const b = body as PostBodies['communityPost'];
      const attachments = await ownAttachments(db, viewer.contactId, b.attachments);
      const content = rich(b.content);
      if (storedIsBlank(content) && attachments.length === 0) throw new ValidationFailed(['Write something or attach a file']);
      return { content, attachments };
    }
    case 'event': {
      const b = body as PostBodies['event'];
      return {
        name: b.name,
        eventType: b.type,
        timezone: b.timezone,
        address: b.address,
        venue: b.venue,
        link: b.link ?? null,
        description: rich(b.description),
        img: b.img,
        start: b.start,
        end: b.end,
      };
    }
    case 'job': {
      const b = body as PostBodies['job'];
      return {
        title: b.title,
        description: required(rich(b.description), 'Description is required'),
        company: b.company,
        workplace: b.workplace,
        jobType: b.jobType,
        location: b.location,
        img: b.img,
        url: b.url ?? null,
      };
    }
    case 'record':
    case 'reaction':
    case 'statement': {
      const b = body as PostBodies['reaction'];
      const fields = { content: rich(b.content), videoId: await ownVideo(db, viewer.contactId, b.video) };
      return kind === 'record' ? fields : { ...fields, url: b.url ?? null };
    }
    case 'story': {
      const b = body as PostBodies['story'];
      return {
        articleKind: b.articleKind,
        title: b.title,
        summary: b.summary,
        content: required(rich(b.content), 'Content is required'),
        image: b.image,
        videoId: b.video === null ? null : await ownVideo(db, viewer.contactId, b.video),
      };
    }
  }
}
