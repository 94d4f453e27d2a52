import { QUERY_MAX, TERMS_MAX } from '../../../contracts/monitors/api.ts';

/**
 * A monitor's query (spec: keywords and phrases with AND, OR, NOT and exact phrases).
 * Words side by side must all appear; `OR` offers alternatives, `NOT` excludes, brackets
 * group, and "double quotes" ask for words in that order. Operators are written in capitals,
 * so "and" and "or" remain words anyone may look for. Case and accents never matter.
 */
export type QueryNode =
  | { kind: 'word'; word: string }
  | { kind: 'phrase'; words: string[] }
  | { kind: 'and'; children: QueryNode[] }
  | { kind: 'or'; children: QueryNode[] }
  | { kind: 'not'; child: QueryNode };

/** The words of a text as the matcher compares them: lower case, accents dropped, punctuation splits. */
export function wordsOf(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

type Term = { kind: 'word' | 'phrase'; text: string };
type Token = Term | { kind: 'AND' | 'OR' | 'NOT' | '(' | ')' };

export class QueryRejected extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
  }
}

function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < query.length) {
    const char = query[i]!;
    if (/\s/.test(char)) i += 1;
    else if (char === '(' || char === ')') {
      tokens.push({ kind: char });
      i += 1;
    } else if (char === '"') {
      const end = query.indexOf('"', i + 1);
      if (end === -1) throw new QueryRejected(['A quote is not closed: every phrase needs its closing "']);
      tokens.push({ kind: 'phrase', text: query.slice(i + 1, end) });
      i = end + 1;
    } else {
      let end = i;
      while (end < query.length && !/[\s()"]/.test(query[end]!)) end += 1;
      const text = query.slice(i, end);
      tokens.push(text === 'AND' || text === 'OR' || text === 'NOT' ? { kind: text } : { kind: 'word', text });
      i = end;
    }
  }
  return tokens;
}

/** A word that punctuation splits ("e-mail", "Harbour-PR") is the phrase of its parts. */
function termOf(text: string, quoted: boolean): QueryNode | null {
  const words = wordsOf(text);
  if (words.length === 0) {
    if (quoted) throw new QueryRejected(['A phrase in quotes is empty']);
    return null;
  }
  return words.length === 1 ? { kind: 'word', word: words[0]! } : { kind: 'phrase', words };
}

/**
 * Recursive descent: or := and (OR and)*; and := unary (AND? unary)*; unary := NOT unary |
 * primary; primary := ( or ) | word | phrase. Each mistake is one line in words.
 */
class Parser {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): QueryNode {
    const node = this.or();
    const next = this.tokens[this.at];
    if (next?.kind === ')') throw new QueryRejected(['A closing bracket has no opening one']);
    return node;
  }

  private peek() {
    return this.tokens[this.at];
  }

  private or(): QueryNode {
    const children = [this.and(null)];
    while (this.peek()?.kind === 'OR') {
      this.at += 1;
      children.push(this.and('OR'));
    }
    return children.length === 1 ? children[0]! : { kind: 'or', children };
  }

  private and(after: 'OR' | null = null): QueryNode {
    const first = this.unary(after);
    const children = [first];
    for (;;) {
      const next = this.peek();
      if (!next || next.kind === ')' || next.kind === 'OR') break;
      if (next.kind === 'AND') {
        this.at += 1;
        children.push(this.unary('AND'));
      } else children.push(this.unary(null));
    }
    return children.length === 1 ? children[0]! : { kind: 'and', children };
  }

  private unary(after: 'AND' | 'OR' | 'NOT' | null): QueryNode {
    const token = this.peek();
    if (token?.kind === 'NOT') {
      this.at += 1;
      return { kind: 'not', child: this.unary('NOT') };
    }
    return this.primary(after);
  }

  private primary(after: 'AND' | 'OR' | 'NOT' | null): QueryNode {
    const token = this.peek();
    if (!token || token.kind === ')' || token.kind === 'AND' || token.kind === 'OR') {
      if (after === 'NOT') throw new QueryRejected(['NOT needs a word, a phrase or a bracket after it']);
      if (after) throw new QueryRejected([`${after} needs a word, a phrase or a bracket on each side`]);
      if (token?.kind === ')') throw new QueryRejected(['Brackets hold nothing, or a closing bracket has no opening one']);
      if (token) throw new QueryRejected([`${token.kind} needs a word, a phrase or a bracket on each side`]);
      throw new QueryRejected(['A query needs at least one word or phrase']);
    }
    if (token.kind === 'NOT') return this.unary(after);
    this.at += 1;
    if (token.kind === '(') {
      if (this.peek()?.kind === ')') throw new QueryRejected(['Brackets hold nothing, or a closing bracket has no opening one']);
      const inner = this.or();
      if (this.peek()?.kind !== ')') throw new QueryRejected(['A bracket is not closed']);
      this.at += 1;
      return inner;
    }
    // A word of punctuation alone ("&", "-") says nothing: the term is what follows it.
    const term = token as Term;
    return termOf(term.text, term.kind === 'phrase') ?? this.unary(after);
  }
}

function countTerms(node: QueryNode): number {
  switch (node.kind) {
    case 'word':
    case 'phrase':
      return 1;
    case 'not':
      return countTerms(node.child);
    default:
      return node.children.reduce((sum, child) => sum + countTerms(child), 0);
  }
}

/**
 * Words of which any item the query matches holds at least one: the keys under which the
 * monitor is filed, so that an item is checked only against monitors one of its words names.
 * Null when the query could match an item holding none of its words (NOT alone).
 */
export function anchorsOf(node: QueryNode): Set<string> | null {
  switch (node.kind) {
    case 'word':
      return new Set([node.word]);
    case 'phrase':
      // Its longest word: long words are the rare ones.
      return new Set([node.words.reduce((a, b) => (b.length > a.length ? b : a))]);
    case 'not':
      return null;
    case 'and': {
      let best: Set<string> | null = null;
      for (const child of node.children) {
        const anchors = anchorsOf(child);
        if (anchors && (!best || anchors.size < best.size)) best = anchors;
      }
      return best;
    }
    case 'or': {
      const union = new Set<string>();
      for (const child of node.children) {
        const anchors = anchorsOf(child);
        if (!anchors) return null;
        for (const anchor of anchors) union.add(anchor);
      }
      return union;
    }
  }
}

/** Whether a query uses what only the advanced monitor module offers. */
function isAdvanced(tokens: Token[]): boolean {
  return tokens.some((token) => token.kind !== 'word');
}

export type ParsedQuery = { root: QueryNode; anchors: Set<string>; advanced: boolean };

/** The query's tree, or every reason it cannot be one. `advanced`: may it use operators, brackets and phrases. */
export function parseQuery(query: string, options: { advanced: boolean }): ParsedQuery {
  const trimmed = query.trim();
  if (trimmed === '') throw new QueryRejected(['Query is required']);
  if (trimmed.length > QUERY_MAX) throw new QueryRejected([`Query must be at most ${QUERY_MAX} characters`]);
  const tokens = tokenize(trimmed);
  const advanced = isAdvanced(tokens);
  if (advanced && !options.advanced) throw new QueryRejected(['AND, OR, NOT, brackets and "exact phrases" need the advanced monitor module: list the words that must all appear']);
  const root = new Parser(tokens).parse();
  const terms = countTerms(root);
  if (terms > TERMS_MAX) throw new QueryRejected([`A query may hold at most ${TERMS_MAX} words and phrases`]);
  const anchors = anchorsOf(root);
  if (!anchors) throw new QueryRejected(['A query needs a word or phrase that matching items contain: NOT only excludes']);
  return { root, anchors, advanced };
}

/** An item's words, with where each stands, for phrase checks. */
export class ItemWords {
  readonly positions = new Map<string, number[]>();
  constructor(readonly words: readonly string[]) {
    words.forEach((word, index) => {
      const at = this.positions.get(word);
      if (at) at.push(index);
      else this.positions.set(word, [index]);
    });
  }

  has(word: string): boolean {
    return this.positions.has(word);
  }

  hasPhrase(phrase: readonly string[]): boolean {
    for (const start of this.positions.get(phrase[0]!) ?? []) {
      if (phrase.every((word, offset) => this.words[start + offset] === word)) return true;
    }
    return false;
  }
}

export function matches(node: QueryNode, item: ItemWords): boolean {
  switch (node.kind) {
    case 'word':
      return item.has(node.word);
    case 'phrase':
      return item.hasPhrase(node.words);
    case 'not':
      return !matches(node.child, item);
    case 'and':
      return node.children.every((child) => matches(child, item));
    case 'or':
      return node.children.some((child) => matches(child, item));
  }
}
