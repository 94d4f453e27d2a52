import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationView, PostNotificationView } from '../../../../contracts/notifications.ts';
import { actorsPhrase, notificationText } from './wording.ts';

const person = (name: string, id: number) => ({ id, name, avatar: null, slug: name.toLowerCase(), type: 'person' as const });
const [ana, ben, cy] = [person('Ana', 1), person('Ben', 2), person('Cy', 3)];

function notification(changes: Partial<PostNotificationView>): PostNotificationView {
  return {
    id: 1,
    type: 'like',
    entityType: 'CALL_OUT',
    entitySummary: 'Sources on the budget',
    when: '2030-01-01T00:00:00Z',
    isRead: false,
    who: { actors: [ana], total: 1 },
    post: { id: 12, kind: 'callout' },
    ...changes,
  };
}

afterEach(() => vi.restoreAllMocks());

describe('grouped actors', () => {
  it('names one, two, or the newest two and how many others', () => {
    expect(actorsPhrase({ actors: [ana], total: 1 })).toBe('Ana');
    expect(actorsPhrase({ actors: [ana, ben], total: 2 })).toBe('Ana and Ben');
    expect(actorsPhrase({ actors: [ana, ben, cy], total: 3 })).toBe('Ana, Ben and 1 other');
    expect(actorsPhrase({ actors: [ana, ben, cy], total: 5 })).toBe('Ana, Ben and 3 others');
  });
});

describe('notification wording (spec sections 3 and 7)', () => {
  it('"Ana, Ben and 3 others liked your callout"', () => {
    expect(notificationText(notification({ who: { actors: [ana, ben, cy], total: 5 } }))).toBe('Ana, Ben and 3 others liked your callout');
  });

  it.each([
    ['like', 'event', 'Ana liked your event'],
    ['likeOnComment', 'job', 'Ana liked your comment on a job'],
    ['comment', 'record', 'Ana commented on your video update'],
    ['commentAsReply', 'event', 'Ana replied to your comment on an event'],
    ['mention', 'communityPost', 'Ana mentioned you in a community post'],
    ['mentionOnComment', 'statement', 'Ana mentioned you in a comment on a statement'],
  ] as const)('%s on a %s', (type, kind, text) => {
    expect(notificationText(notification({ type, post: { id: 3, kind } }))).toBe(text);
  });

  it('interviewInvitation: "Ana invited you to answer “Heat and the grid”"', () => {
    const { post: _, ...item } = notification({ entitySummary: 'Heat and the grid' });
    const invitation: NotificationView = { ...item, type: 'interviewInvitation', entityType: 'INTERVIEW', interview: { id: 4, answerKind: 'video' } };
    expect(notificationText(invitation)).toBe('Ana invited you to answer “Heat and the grid”');
  });

  it('interviewAnswer: "Gail Guest and Ben answered your interview “Heat and the grid”", callout or not', () => {
    const { post: _, ...item } = notification({ entitySummary: 'Heat and the grid', who: { actors: [person('Gail Guest', -9), ben], total: 2 } });
    const answers: NotificationView = { ...item, type: 'interviewAnswer', entityType: 'INTERVIEW', interview: { id: 4 } };
    expect(notificationText(answers)).toBe('Gail Guest and Ben answered your interview “Heat and the grid”');
  });

  it('monitorMention: "12 new mentions for “Harbour PR”", and "1 new mention" alone', () => {
    const { post: _, who: __, ...item } = notification({ entitySummary: 'Harbour PR' });
    const mentions = (count: number): NotificationView => ({ ...item, type: 'monitorMention', entityType: 'MONITOR', monitor: { id: 5 }, mentions: count });
    expect(notificationText(mentions(12))).toBe('12 new mentions for “Harbour PR”');
    expect(notificationText(mentions(1))).toBe('1 new mention for “Harbour PR”');
  });

  it("an unsupported type logs 'Unsupported notification type' and shows nothing", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(notificationText(notification({ type: 'poke' as PostNotificationView['type'] }))).toBeNull();
    expect(error).toHaveBeenCalledWith('Unsupported notification type', 'poke');
  });
});
