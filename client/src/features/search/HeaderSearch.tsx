import { useState } from 'react';
import { SearchBox } from './SearchBox.tsx';

/** The header's search on screens wider than a phone (phones have /search in the bottom bar). */
export function HeaderSearch() {
  const [query, setQuery] = useState('');
  return <SearchBox variant="header" query={query} onQueryChange={setQuery} />;
}
