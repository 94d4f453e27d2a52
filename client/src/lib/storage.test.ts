import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { purgeExpiredStorage, storage } from './storage.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('local storage with expiry', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2025-06-01T00:00:00Z') });
  });
  afterEach(() => vi.useRealTimers());

  it('keeps a value 14 days by default', () => {
    storage.set('redirect', '/app/posts/12?tab=comments');
    vi.advanceTimersByTime(14 * DAY - 1);
    expect(storage.get<string>('redirect')).toBe('/app/posts/12?tab=comments');
    vi.advanceTimersByTime(1);
    expect(storage.get('redirect')).toBeNull();
  });

  it('keeps a value the number of days asked for, and structured values whole', () => {
    storage.set('banner', { dismissed: true, version: 3 }, { days: 1 });
    vi.advanceTimersByTime(DAY - 1);
    expect(storage.get('banner')).toEqual({ dismissed: true, version: 3 });
    vi.advanceTimersByTime(1);
    expect(storage.get('banner')).toBeNull();
  });

  it('removes a value', () => {
    storage.set('viewMode', 'mvp');
    storage.remove('viewMode');
    expect(storage.get('viewMode')).toBeNull();
  });

  it('removes expired entries at start, and leaves live ones and other code’s keys alone', () => {
    storage.set('old', 1, { days: 1 });
    storage.set('fresh', 2);
    localStorage.setItem('chat-widget', 'not ours');
    vi.advanceTimersByTime(2 * DAY);
    purgeExpiredStorage();
    expect(localStorage.getItem('pressroom:old')).toBeNull();
    expect(localStorage.getItem('pressroom:fresh')).not.toBeNull();
    expect(localStorage.getItem('chat-widget')).toBe('not ours');
  });

  it('treats an unreadable entry as absent', () => {
    localStorage.setItem('pressroom:broken', '{not json');
    expect(storage.get('broken')).toBeNull();
  });
});
