import { useNavigate } from '@tanstack/react-router';
import { Fragment, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { KIND_LABELS } from '../../../../contracts/posts/kinds.ts';
import { SEARCH_KIND_LABELS, SEARCH_MAX_LENGTH, SEARCH_PLACEHOLDER, type SearchGroup, type SearchHit, type SearchResult } from '../../../../contracts/search/index.ts';
import { RelativeTime } from '../posts/AuthorLine.tsx';
import { Spinner } from '../../ui/index.ts';
import { usePostModal } from '../posts/openPost.ts';
import { hitPath } from './links.ts';
import { forgetSearches, recentSearches, rememberSearch } from './recent.ts';
import { useDebouncedValue } from './useDebouncedValue.ts';
import { useSearchResults, type SearchFilters } from './api.ts';
import './search.css';

type Option = { id: string; type: 'recent'; text: string } | { id: string; type: 'hit'; hit: SearchHit } | { id: string; type: 'all'; text: string };

/** The server's highlight is escaped text and <mark> only; anything else is shown as the plain title. */
const SAFE_HIGHLIGHT = /^(?:[^<]|<\/?mark>)*$/;
function Highlighted({ html, text }: { html: string | null; text: string }) {
  if (html && SAFE_HIGHLIGHT.test(html)) return <span dangerouslySetInnerHTML={{ __html: html }} />;
  return <>{text}</>;
}

/** The pages of one answer as one list of groups, the pages of a single kind joined. */
function groupsOf(pages: SearchResult[] | undefined): SearchGroup[] {
  if (!pages?.length) return [];
  if (pages.length === 1) return pages[0]!.groups;
  const [first, ...rest] = pages;
  return first!.groups.map((group) => ({ ...group, items: [...group.items, ...rest.flatMap((page) => page.groups.find((g) => g.kind === group.kind)?.items ?? [])] }));
}

type SearchBoxProps = {
  /** `header`: a popup under the field (larger screens); `page`: the results below it, always shown. */
  variant: 'header' | 'page';
  query: string;
  onQueryChange: (q: string) => void;
  filters?: SearchFilters;
  /** The page's "See all" of a group. */
  onShowKind?: (kind: SearchGroup['kind']) => void;
  children?: ReactNode;
};

/**
 * One search box (WAI-ARIA combobox with a listbox): results as one types, 300 ms after the
 * last key; arrows move through them, Enter opens one, Escape closes the list; an empty box
 * offers the recent searches.
 */
export function SearchBox({ variant, query, onQueryChange, filters = {}, onShowKind, children }: SearchBoxProps) {
  const navigate = useNavigate();
  const { open: openPost } = usePostModal();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(variant === 'page');
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState(recentSearches);
  const settled = useDebouncedValue(query);
  const results = useSearchResults(settled, filters);
  const groups = useMemo(() => (settled.trim() ? groupsOf(results.data?.pages) : []), [results.data, settled]);
  const typing = query.trim() !== '';
  const waiting = typing && (query.trim() !== settled.trim() || results.isFetching);

  const options: Option[] = useMemo(() => {
    if (!typing) return recent.map((text, index) => ({ id: `${listId}-recent-${index}`, type: 'recent' as const, text }));
    const hits = groups.flatMap((group) => group.items.map((hit) => ({ id: `${listId}-${hit.kind}-${hit.id}`, type: 'hit' as const, hit })));
    return variant === 'header' ? [...hits, { id: `${listId}-all`, type: 'all' as const, text: query.trim() }] : hits;
  }, [typing, recent, groups, listId, variant, query]);

  useEffect(() => setActive(-1), [settled, filters.kind]);

  useEffect(() => {
    if (variant !== 'header' || !expanded) return;
    const close = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setExpanded(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [variant, expanded]);

  const remember = (text: string) => setRecent(rememberSearch(text));
  const choose = (option: Option) => {
    if (option.type === 'recent') {
      onQueryChange(option.text);
      remember(option.text);
      inputRef.current?.focus();
      return;
    }
    remember(query);
    if (variant === 'header') setExpanded(false);
    if (option.type === 'all') {
      void navigate({ to: '/search', search: { q: option.text } as never });
      return;
    }
    const { hit } = option;
    if (hit.kind === 'posts' && hit.postKind) openPost(hit.postKind, hit.id);
    else void navigate({ to: hitPath(hit) ?? '/' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setExpanded(true);
      setActive((index) => (index >= last ? 0 : index + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setExpanded(true);
      setActive((index) => (index <= 0 ? last : index - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = options[active];
      if (option && expanded) choose(option);
      else if (typing && variant === 'header') choose({ id: 'all', type: 'all', text: query.trim() });
      else if (typing) remember(query);
    } else if (event.key === 'Escape') {
      if (variant === 'header' && expanded) setExpanded(false);
      else onQueryChange('');
      setActive(-1);
    }
  };

  const showList = expanded && (typing || recent.length > 0);
  const activeId = showList ? options[active]?.id : undefined;
  const indexOf = new Map(options.map((option, index) => [option.id, index]));
  const optionProps = (option: Option) => ({
    id: option.id,
    role: 'option' as const,
    'aria-selected': option.id === activeId,
    className: ['search-option', option.id === activeId ? 'search-option--active' : ''].filter(Boolean).join(' '),
    onMouseDown: (event: { preventDefault(): void }) => event.preventDefault(),
    onClick: () => choose(option),
    onMouseEnter: () => setActive(indexOf.get(option.id) ?? -1),
  });

  return (
    <div ref={rootRef} className={`search-box search-box--${variant}`}>
      <div className="search-box__field">
        <SearchIcon />
        <label htmlFor={`${listId}-input`} className="visually-hidden">
          Search
        </label>
        <input
          ref={inputRef}
          id={`${listId}-input`}
          type="search"
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={SEARCH_PLACEHOLDER}
          value={query}
          onChange={(event) => {
            onQueryChange(event.target.value);
            setExpanded(true);
          }}
          onFocus={() => setExpanded(true)}
          onKeyDown={onKeyDown}
        />
        {waiting && <Spinner size="sm" label="Searching" />}
      </div>
      {children}
      <div className={`search-box__popup${showList ? '' : ' search-box__popup--hidden'}`}>
        <div id={listId} role="listbox" aria-label={typing ? 'Search results' : 'Recent searches'} className="search-list">
          {!typing && recent.length > 0 && (
            <div role="group" aria-labelledby={`${listId}-recent`}>
              <div className="search-group__head" role="presentation">
                <span id={`${listId}-recent`} className="search-group__title">
                  Recent searches
                </span>
                <button
                  type="button"
                  className="search-group__action"
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => {
                    forgetSearches();
                    setRecent([]);
                  }}
                >
                  Clear
                </button>
              </div>
              {options.map((option) =>
                option.type === 'recent' ? (
                  <div key={option.id} {...optionProps(option)}>
                    <span className="search-option__recent">{option.text}</span>
                  </div>
                ) : null,
              )}
            </div>
          )}
          {typing &&
            groups.map((group) => (
              <div key={group.kind} role="group" aria-labelledby={`${listId}-${group.kind}`}>
                <div className="search-group__head" role="presentation">
                  <span id={`${listId}-${group.kind}`} className="search-group__title">
                    {SEARCH_KIND_LABELS[group.kind]}
                  </span>
                  {variant === 'page' && onShowKind && !filters.kind && group.hasMore && (
                    <button type="button" className="search-group__action" onClick={() => onShowKind(group.kind)}>
                      See all
                    </button>
                  )}
                </div>
                {group.items.map((hit) => {
                  const option = options[indexOf.get(`${listId}-${hit.kind}-${hit.id}`) ?? -1];
                  return option ? (
                    <Fragment key={option.id}>
                      <div {...optionProps(option)}>
                        <HitView hit={hit} />
                      </div>
                    </Fragment>
                  ) : null;
                })}
              </div>
            ))}
          {typing && variant === 'header' && (
            <div {...optionProps(options.at(-1)!)}>
              <span className="search-option__all">See all results for “{query.trim()}”</span>
            </div>
          )}
        </div>
        {typing && !waiting && results.isSuccess && groups.length === 0 && (
          <p className="search-empty" role="status">
            Nothing found for “{settled.trim()}”. Try other words, or fewer of them.
          </p>
        )}
        {variant === 'page' && filters.kind && results.hasNextPage && (
          <button type="button" className="search-more" onClick={() => void results.fetchNextPage()} disabled={results.isFetchingNextPage}>
            {results.isFetchingNextPage ? 'Loading…' : 'Show more'}
          </button>
        )}
      </div>
    </div>
  );
}

function HitView({ hit }: { hit: SearchHit }) {
  const round = hit.kind === 'people';
  return (
    <span className="search-hit">
      {hit.kind === 'posts' || hit.kind === 'stories' ? (
        <span className="search-hit__badge" aria-hidden="true">
          {KIND_LABELS[hit.postKind ?? 'story'].slice(0, 1)}
        </span>
      ) : hit.image ? (
        <img className={`search-hit__image${round ? ' search-hit__image--round' : ''}`} src={hit.image} alt="" width="36" height="36" />
      ) : (
        <span className={`search-hit__badge${round ? ' search-hit__badge--round' : ''}`} aria-hidden="true">
          {hit.title.slice(0, 1).toUpperCase()}
        </span>
      )}
      <span className="search-hit__text">
        <span className="search-hit__title">
          <Highlighted html={hit.titleHtml} text={hit.title} />
        </span>
        {hit.snippetHtml && (
          <span className="search-hit__snippet">
            <Highlighted html={hit.snippetHtml} text="" />
          </span>
        )}
        {(hit.detail || hit.publishedAt) && (
          <span className="search-hit__detail">
            {hit.detail}
            {hit.detail && hit.publishedAt && ' · '}
            {hit.publishedAt && <RelativeTime value={hit.publishedAt} />}
          </span>
        )}
      </span>
    </span>
  );
}

function SearchIcon() {
  return (
    <svg className="search-box__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}
