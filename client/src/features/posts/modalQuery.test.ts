import { describe, expect, it } from 'vitest';
import { closeAction, leaveEditAction, modalFromSearch, withModal, withoutModal } from './modalQuery.ts';

describe('the post modal mirrored in the query (spec section 2)', () => {
  it('reads the kind as the key and the id as its value, with edit=1 and cid', () => {
    expect(modalFromSearch({ callout: 12 })).toEqual({ kind: 'callout', id: 12, edit: false, cid: null });
    expect(modalFromSearch({ communityPost: '7', edit: 1, cid: 5 })).toEqual({ kind: 'communityPost', id: 7, edit: true, cid: 5 });
    expect(modalFromSearch({ record: 3, edit: '1', cid: '44' })).toEqual({ kind: 'record', id: 3, edit: true, cid: 44 });
  });

  it('opens nothing for other keys, ids that are not digits, or a story (stories have their own page)', () => {
    expect(modalFromSearch({})).toBeNull();
    expect(modalFromSearch({ page: 2 })).toBeNull();
    expect(modalFromSearch({ callout: 'abc' })).toBeNull();
    expect(modalFromSearch({ callout: -3 })).toBeNull();
    expect(modalFromSearch({ callout: 1.5 })).toBeNull();
    expect(modalFromSearch({ story: 4 })).toBeNull();
  });

  it('ignores a cid that is not digits', () => {
    expect(modalFromSearch({ job: 9, cid: 'x' })?.cid).toBeNull();
  });

  it("opening keeps the page's own query and replaces another open post", () => {
    expect(withModal({ tab: 'latest', job: 4, cid: 9 }, { kind: 'callout', id: 12 })).toEqual({ tab: 'latest', callout: 12 });
    expect(withModal({}, { kind: 'event', id: 3, edit: true, cid: 8 })).toEqual({ event: 3, edit: 1, cid: 8 });
  });

  it('closing removes every key of the modal and nothing else', () => {
    expect(withoutModal({ tab: 'latest', callout: 12, edit: 1, cid: 5 })).toEqual({ tab: 'latest' });
  });

  it('closing goes back over what the modal pushed, or replaces the state when there is no history', () => {
    expect(closeAction(1, { callout: 12 })).toEqual({ kind: 'back', steps: 1 });
    expect(closeAction(2, { callout: 12, edit: 1 })).toEqual({ kind: 'back', steps: 2 });
    expect(closeAction(undefined, { callout: 12, tab: 'x' })).toEqual({ kind: 'replace', search: { tab: 'x' } });
    expect(closeAction(0, { callout: 12 })).toEqual({ kind: 'replace', search: {} });
  });

  it('leaving edit goes back to the view when editing was pushed over it, else drops edit=1 in place', () => {
    expect(leaveEditAction(2, { callout: 12, edit: 1 })).toEqual({ kind: 'back', steps: 1 });
    expect(leaveEditAction(1, { callout: 12, edit: 1 })).toEqual({ kind: 'replace', search: { callout: 12 } });
    expect(leaveEditAction(undefined, { callout: 12, edit: 1, cid: 3 })).toEqual({ kind: 'replace', search: { callout: 12, cid: 3 } });
  });
});
