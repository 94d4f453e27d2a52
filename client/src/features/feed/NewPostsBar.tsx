/**
 * "3 new posts": new posts by others wait here until the reader asks for them, so the list never
 * moves under them. Other live lists (the newswire) name what they hold with `noun`.
 */
export function NewPostsBar({ count, onShow, noun = ['new post', 'new posts'] }: { count: number; onShow: () => void; noun?: readonly [string, string] }) {
  return (
    <div className="new-posts" aria-live="polite">
      {count > 0 && (
        <button type="button" className="new-posts__button" onClick={onShow}>
          <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M12 19V5M5 12l7-7 7 7" />
          </svg>
          {count === 1 ? `1 ${noun[0]}` : `${count} ${noun[1]}`}
        </button>
      )}
    </div>
  );
}
