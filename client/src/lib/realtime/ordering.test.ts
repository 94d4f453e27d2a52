import { describe, expect, it } from 'vitest';
import { CursorOrdering, type Delivery } from './ordering.ts';

function recorder(start: string | null = null) {
  const applied: Delivery[] = [];
  const ordering = new CursorOrdering((delivery) => applied.push(delivery), start);
  const cursors = () => applied.map((delivery) => (delivery.message as { cursor?: string }).cursor ?? null);
  return { ordering, applied, cursors };
}

describe('messages are applied once each, in log order', () => {
  it('applies live messages as they come and remembers the last cursor', () => {
    const { ordering, cursors } = recorder();
    ordering.receive('like:changed', { cursor: '10:5' });
    ordering.receive('like:changed', { cursor: '10:6' });
    expect(cursors()).toEqual(['10:5', '10:6']);
    expect(ordering.cursor).toBe('10:6');
  });

  it('skips a message it has already applied or one older than it', () => {
    const { ordering, cursors } = recorder('10:6');
    ordering.receive('like:changed', { cursor: '10:6' });
    ordering.receive('like:changed', { cursor: '9:100' });
    ordering.receive('like:changed', { cursor: '11:1' });
    expect(cursors()).toEqual(['11:1']);
  });

  it('applies each kind of message of one event once: a new message and the counts it moved share a cursor', () => {
    const { ordering, applied } = recorder();
    ordering.receive('message:sent', { cursor: '10:5' });
    ordering.receive('messages:unread', { cursor: '10:5' });
    ordering.receive('message:sent', { cursor: '10:5' });
    ordering.receive('messages:unread', { cursor: '10:5' });
    expect(applied.map((delivery) => delivery.event)).toEqual(['message:sent', 'messages:unread']);
  });

  it('compares transaction ids before positions, as numbers', () => {
    const { ordering, cursors } = recorder('9:900');
    ordering.receive('post:changed', { cursor: '10:2' });
    ordering.receive('post:changed', { cursor: '9:901' });
    expect(cursors()).toEqual(['10:2']);
  });

  it('while resuming, holds live messages and applies them with the replay sorted by cursor', () => {
    const { ordering, cursors } = recorder('10:1');
    ordering.hold();
    ordering.receive('like:changed', { cursor: '10:9' }); // live, arrived first
    ordering.receive('comment:added', { cursor: '10:3' }); // replayed
    ordering.receive('like:changed', { cursor: '10:9' }); // the same one replayed
    ordering.receive('comment:added', { cursor: '10:5' });
    expect(cursors()).toEqual([]);
    ordering.release('10:9');
    expect(cursors()).toEqual(['10:3', '10:5', '10:9']);
  });

  it('moves the cursor to how far the server had sent, even when nothing concerned this tab', () => {
    const { ordering, applied } = recorder('10:1');
    ordering.hold();
    ordering.release('12:40');
    expect(applied).toEqual([]);
    expect(ordering.cursor).toBe('12:40');
    ordering.receive('like:changed', { cursor: '12:39' });
    expect(applied).toEqual([]);
  });

  it('passes messages without a cursor (the unread count) at once, even while holding', () => {
    const { ordering, applied } = recorder('10:1');
    ordering.hold();
    ordering.receive('notifications:changed', { unreadCount: 3, notificationId: 7 });
    expect(applied).toEqual([{ event: 'notifications:changed', message: { unreadCount: 3, notificationId: 7 } }]);
    expect(ordering.cursor).toBe('10:1');
  });
});
