// Whole-word matching of a list of words and phrases in any script, ignoring case and accents
// (docs/moderation.md "How words are matched"). Text and patterns are folded the same way, by
// Unicode's own tables: compatibility decomposition (NFKD), combining marks removed, full case
// folding (upper then lower case, so "ß" meets "ss"). The folded text is cut into words (runs of
// letters and digits); single words are looked up in a Map, phrases by their first word, and
// `*` patterns by the token's own prefixes and suffixes: the cost per text grows with its length,
// not with the size of the list.

export interface WordPattern<T> {
  pattern: string
  /** What the caller gets back with each match (its watched word). */
  value: T
}

export interface WordMatch<T> {
  value: T
  /** Offsets in the original text, in UTF-16 code units (JavaScript string indexes); `end` exclusive. */
  start: number
  end: number
}

export interface WordMatcher<T> {
  match(text: string): WordMatch<T>[]
  readonly size: number
}

const MARK = /\p{M}/gu
// Scripts written without spaces between words: their patterns match anywhere in a run of letters.
const UNSPACED =
  /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]+$/u
const APOSTROPHES = /[\u2019\u2018\u02bc\u02b9\u0060\u00b4\uff07]/g

const ASCII_FOLDED = Array.from({ length: 128 }, (_, cp) => String.fromCharCode(cp).toLowerCase())

const foldCache = new Map<number, string>()

function foldCodePoint(cp: number): string {
  if (cp < 128) return cp >= 65 && cp <= 90 ? String.fromCharCode(cp + 32) : String.fromCharCode(cp)
  let folded = foldCache.get(cp)
  if (folded === undefined) {
    const once = String.fromCodePoint(cp).replace(APOSTROPHES, "'").normalize('NFKD').replace(MARK, '')
    folded = once.toUpperCase().toLowerCase().normalize('NFKD').replace(MARK, '')
    foldCache.set(cp, folded)
  }
  return folded
}

interface Folded {
  text: string
  /** For each code unit of `text`, the index of the original code unit it came from; one more at the end. */
  origin: Int32Array
}

/** `text` folded for matching, with the way back to the original's offsets. */
export function foldWithOffsets(text: string): Folded {
  // ASCII is folded by a table; most texts are mostly ASCII.
  let out = ''
  let origin: Int32Array = new Int32Array(text.length + 16)
  let n = 0
  for (let i = 0; i < text.length;) {
    const code = text.charCodeAt(i)
    if (code < 128) {
      out += ASCII_FOLDED[code]!
      if (n + 1 >= origin.length) origin = grow(origin)
      origin[n++] = i++
      continue
    }
    const cp = text.codePointAt(i)!
    const folded = foldCodePoint(cp)
    out += folded
    while (n + folded.length + 1 >= origin.length) origin = grow(origin)
    for (let k = 0; k < folded.length; k++) origin[n++] = i
    i += cp > 0xffff ? 2 : 1
  }
  origin[n] = text.length
  return { text: out, origin }
}

function grow(origin: Int32Array): Int32Array {
  const bigger = new Int32Array(origin.length * 2)
  bigger.set(origin)
  return bigger
}

/** `text` folded for matching (what two patterns that meet the same words have in common). */
export const fold = (text: string): string => foldWithOffsets(text).text

interface Token {
  text: string
  start: number
  end: number
}

const TOKEN = /[\p{L}\p{N}]+/gu

function tokens(folded: string): Token[] {
  const found: Token[] = []
  TOKEN.lastIndex = 0
  for (let m = TOKEN.exec(folded); m; m = TOKEN.exec(folded)) {
    found.push({ text: m[0], start: m.index, end: m.index + m[0].length })
  }
  return found
}

/** One word of a pattern: a literal, or the literal pieces around its `*`s (a token holds only letters and digits). */
type Part = string | string[]

const partOf = (word: string): Part => (word.includes('*') ? word.split('*') : word)

/** Whether `token` is `pieces` joined by runs of anything: the first a prefix, the last a suffix, the rest in order. */
function piecesMatch(pieces: readonly string[], token: string): boolean {
  const first = pieces[0]!
  const last = pieces[pieces.length - 1]!
  if (token.length < first.length + last.length || !token.startsWith(first) || !token.endsWith(last)) return false
  let at = first.length
  const end = token.length - last.length
  for (let k = 1; k < pieces.length - 1; k++) {
    const found = token.indexOf(pieces[k]!, at)
    if (found < 0 || found + pieces[k]!.length > end) return false
    at = found + pieces[k]!.length
  }
  return true
}

const partMatches = (part: Part, token: string) =>
  typeof part === 'string' ? part === token : piecesMatch(part, token)

interface Compiled<T> {
  parts: Part[]
  value: T
}

/** The words of a folded pattern (letters, digits and `*`; anything else separates words). */
export function patternWords(pattern: string): string[] {
  return fold(pattern)
    .split(/[^\p{L}\p{N}*]+/u)
    .filter((word) => word !== '' && word.replace(/\*/g, '') !== '')
}

/**
 * `*` words by what a token must start with, else end with (keys of every length in use), else (`*ab*`)
 * in a list: a token looks up its own prefixes and suffixes, so the cost follows its length.
 */
class WildIndex<T> {
  private readonly byPrefix = new Map<string, Compiled<T>[]>()
  private readonly bySuffix = new Map<string, Compiled<T>[]>()
  private readonly prefixLengths = new Set<number>()
  private readonly suffixLengths = new Set<number>()
  private readonly inner: Compiled<T>[] = []

  add(entry: Compiled<T>): void {
    const pieces = entry.parts[0] as string[]
    const [first, last] = [pieces[0]!, pieces[pieces.length - 1]!]
    const [map, key, lengths] = first
      ? [this.byPrefix, first, this.prefixLengths]
      : last
        ? [this.bySuffix, last, this.suffixLengths]
        : [undefined, '', undefined]
    if (!map || !lengths) return void this.inner.push(entry)
    map.set(key, [...(map.get(key) ?? []), entry])
    lengths.add(key.length)
  }

  /** Adds to `found` the entries whose first part meets `token` (no closure: this runs for every word of a text). */
  collect(token: string, found: Compiled<T>[]): void {
    for (const n of this.prefixLengths) if (n <= token.length) pick(this.byPrefix.get(token.slice(0, n)), token, found)
    for (const n of this.suffixLengths)
      if (n <= token.length) pick(this.bySuffix.get(token.slice(token.length - n)), token, found)
    pick(this.inner, token, found)
  }
}

function pick<T>(entries: Compiled<T>[] | undefined, token: string, found: Compiled<T>[]): void {
  if (entries) for (const entry of entries) if (piecesMatch(entry.parts[0] as string[], token)) found.push(entry)
}

export function compileWords<T>(patterns: readonly WordPattern<T>[]): WordMatcher<T> {
  const singles = new Map<string, T[]>()
  const wildSingles = new WildIndex<T>()
  const phrases = new Map<string, Compiled<T>[]>()
  const wildPhrases = new WildIndex<T>()
  const unspaced: Array<{ text: string; value: T }> = []
  for (const { pattern, value } of patterns) {
    const words = patternWords(pattern)
    if (words.length === 0) continue
    if (words.length === 1 && !words[0]!.includes('*') && UNSPACED.test(words[0]!)) {
      unspaced.push({ text: words[0]!, value })
      continue
    }
    const parts = words.map(partOf)
    const first = parts[0]!
    if (parts.length === 1) {
      if (typeof first === 'string') singles.set(first, [...(singles.get(first) ?? []), value])
      else wildSingles.add({ parts, value })
    } else if (typeof first === 'string') phrases.set(first, [...(phrases.get(first) ?? []), { parts, value }])
    else wildPhrases.add({ parts, value })
  }
  const size = patterns.length

  const phraseEnd = (entry: Compiled<T>, words: Token[], i: number): number => {
    const last = i + entry.parts.length - 1
    if (last >= words.length) return -1
    for (let k = 1; k < entry.parts.length; k++) if (!partMatches(entry.parts[k]!, words[i + k]!.text)) return -1
    return words[last]!.end
  }

  function match(text: string): WordMatch<T>[] {
    if (size === 0 || text === '') return []
    const { text: folded, origin } = foldWithOffsets(text)
    const words = tokens(folded)
    const found: WordMatch<T>[] = []
    const wild: Compiled<T>[] = []
    for (let i = 0; i < words.length; i++) {
      const word = words[i]!
      const start = origin[word.start]!
      const end = origin[word.end]!
      for (const value of singles.get(word.text) ?? []) found.push({ value, start, end })
      wild.length = 0
      wildSingles.collect(word.text, wild)
      for (const entry of wild) found.push({ value: entry.value, start, end })
      wild.length = 0
      wildPhrases.collect(word.text, wild)
      for (const entry of [...(phrases.get(word.text) ?? []), ...wild]) {
        const to = phraseEnd(entry, words, i)
        if (to >= 0) found.push({ value: entry.value, start, end: origin[to]! })
      }
    }
    for (const { text: needle, value } of unspaced) {
      for (let at = folded.indexOf(needle); at >= 0; at = folded.indexOf(needle, at + needle.length)) {
        found.push({ value, start: origin[at]!, end: origin[at + needle.length]! })
      }
    }
    return found.sort((a, b) => a.start - b.start || b.end - a.end)
  }

  return { match, size }
}

/** `text` with each match replaced by `replacement(match)`; overlapping matches are replaced once, as one span. */
export function censor<T>(text: string, matches: readonly WordMatch<T>[], replacement: (value: T) => string): string {
  let out = ''
  let at = 0
  for (const item of [...matches].sort((a, b) => a.start - b.start)) {
    if (item.start < at) continue
    out += text.slice(at, item.start) + replacement(item.value)
    at = item.end
  }
  return out + text.slice(at)
}

const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"]+/giu

/** How many links (`http://…`, `https://…`, `www.…`) a text holds. */
export const countLinks = (text: string): number => text.match(LINK)?.length ?? 0
