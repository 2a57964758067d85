/**
 * A PostgreSQL tsquery as a tree (decision 023). The search asks PostgreSQL itself to turn its query
 * text into a tsquery (`to_tsquery('english', ...)::text`: parsing, stemming and stop words exactly
 * as the stored documents were made), and the in-process index (search-index.ts) evaluates the tree
 * that text describes against its own copy of the documents. Pure, so it is unit tested.
 *
 * Only what the keyword plans produce is taken: terms with prefix match, `&`, `|`, and chains of
 * phrase operators over terms (`'apx2p':* <-> '-10000':*`, how PostgreSQL splits a dashed word).
 * Anything else (`!`, weights, a phrase over a group) parses to null and the search runs in SQL.
 */

export type TsTerm = { kind: 'term'; lexeme: string; prefix: boolean };
/** `left <distance> right`; left-deep chains only: `(a <-> b) <-> c`. */
export type TsPhrase = { kind: 'phrase'; terms: TsTerm[]; distances: number[] };
export type TsNode = TsTerm | TsPhrase | { kind: 'and' | 'or'; children: TsNode[] };

type Token = { type: 'term'; term: TsTerm } | { type: 'op'; op: '&' | '|' | '!' | '(' | ')' } | { type: 'phrase'; distance: number };

class Unsupported extends Error {}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ') {
      i++;
    } else if (c === "'") {
      let lexeme = '';
      i++;
      for (;;) {
        if (i >= text.length) throw new Unsupported('unterminated lexeme');
        const d = text[i]!;
        if (d === "'" && text[i + 1] === "'") {
          lexeme += "'";
          i += 2;
        } else if (d === '\\' && i + 1 < text.length) {
          lexeme += text[i + 1];
          i += 2;
        } else if (d === "'") {
          i++;
          break;
        } else {
          lexeme += d;
          i++;
        }
      }
      let prefix = false;
      if (text[i] === ':') {
        const flags = /^:([*A-Da-d]*)/.exec(text.slice(i))![1]!;
        if (/[A-Da-d]/.test(flags)) throw new Unsupported('weighted term');
        prefix = flags.includes('*');
        i += flags.length + 1;
      }
      tokens.push({ type: 'term', term: { kind: 'term', lexeme, prefix } });
    } else if (c === '<') {
      const match = /^<(-|\d+)>/.exec(text.slice(i));
      if (!match) throw new Unsupported('operator');
      tokens.push({ type: 'phrase', distance: match[1] === '-' ? 1 : Number(match[1]) });
      i += match[0].length;
    } else if (c === '&' || c === '|' || c === '!' || c === '(' || c === ')') {
      tokens.push({ type: 'op', op: c });
      i++;
    } else {
      throw new Unsupported(`character ${c}`);
    }
  }
  return tokens;
}

/** Precedence as PostgreSQL's: `!`, then phrase, then `&`, then `|`. */
class Parser {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): TsNode {
    const node = this.or();
    if (this.at !== this.tokens.length) throw new Unsupported('trailing tokens');
    return node;
  }

  private peekOp(op: string): boolean {
    const token = this.tokens[this.at];
    return token?.type === 'op' && token.op === op;
  }

  private or(): TsNode {
    const children = [this.and()];
    while (this.peekOp('|')) {
      this.at++;
      children.push(this.and());
    }
    return children.length === 1 ? children[0]! : { kind: 'or', children };
  }

  private and(): TsNode {
    const children = [this.phrase()];
    while (this.peekOp('&')) {
      this.at++;
      children.push(this.phrase());
    }
    return children.length === 1 ? children[0]! : { kind: 'and', children };
  }

  private phrase(): TsNode {
    const first = this.unary();
    const next = this.tokens[this.at];
    if (next?.type !== 'phrase') return first;
    if (first.kind !== 'term') throw new Unsupported('phrase over a group');
    const terms = [first];
    const distances: number[] = [];
    for (let token = this.tokens[this.at]; token?.type === 'phrase'; token = this.tokens[this.at]) {
      this.at++;
      const right = this.unary();
      if (right.kind !== 'term') throw new Unsupported('phrase over a group');
      terms.push(right);
      distances.push(token.distance);
    }
    return { kind: 'phrase', terms, distances };
  }

  private unary(): TsNode {
    const token = this.tokens[this.at++];
    if (!token) throw new Unsupported('missing operand');
    if (token.type === 'term') return token.term;
    if (token.type === 'op' && token.op === '(') {
      const inner = this.or();
      if (!this.peekOp(')')) throw new Unsupported('missing )');
      this.at++;
      return inner;
    }
    throw new Unsupported('negation or stray operator');
  }
}

/**
 * The tree of a tsquery's text as PostgreSQL writes it; `empty` for a query without lexemes (only
 * stop words: it matches nothing), null for a shape the index does not evaluate.
 */
export function parseTsQuery(text: string): TsNode | 'empty' | null {
  if (text.trim() === '') return 'empty';
  try {
    return new Parser(tokenize(text)).parse();
  } catch (error) {
    if (error instanceof Unsupported) return null;
    throw error;
  }
}

/** Every term of the tree, in the order written. */
export function termsOf(node: TsNode): TsTerm[] {
  if (node.kind === 'term') return [node];
  if (node.kind === 'phrase') return node.terms;
  return node.children.flatMap(termsOf);
}

/** Whether the query's top operator is `&` or a phrase: ts_rank then weighs the terms' distances (calc_rank_and). */
export function rankByDistance(node: TsNode): boolean {
  return node.kind === 'and' || node.kind === 'phrase';
}

/**
 * PostgreSQL's order of query terms for ranking (tsrank.c SortAndUniqItems / tsCompareString): by
 * bytes, a shorter lexeme before a longer one it begins, each lexeme once.
 */
export function sortedUniqueTerms(node: TsNode): TsTerm[] {
  const byLexeme = new Map<string, TsTerm>();
  for (const term of termsOf(node)) if (!byLexeme.has(term.lexeme)) byLexeme.set(term.lexeme, term);
  return [...byLexeme.values()].sort((a, b) => compareBytes(a.lexeme, b.lexeme));
}

/** Byte order of the UTF-8 forms (memcmp, then length), as tsvector lexemes are kept. */
export function compareBytes(a: string, b: string): number {
  if (a === b) return 0;
  // UTF-16 code unit order is code point (so UTF-8 byte) order below the surrogate range.
  if (!BEYOND_SURROGATES.test(a) && !BEYOND_SURROGATES.test(b)) return a < b ? -1 : 1;
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

const BEYOND_SURROGATES = /[\uD800-\uFFFF]/;
