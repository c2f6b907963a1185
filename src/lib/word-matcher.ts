// Whole-word matching of a list of words and phrases in any script, ignoring case and accents
// (docs/moderation.md "How words are matched"). Text and patterns are folded the same way, by
// Unicode's own tables: compatibility decomposition (NFKD), combining marks removed, full case
// folding (upper then lower case, so "ß" meets "ss"). The folded text is cut into words (runs of
// letters and digits); single words are looked up in a Map, phrases by their first word, and
// `*` patterns through one anchored RegExp per list: the cost per text grows with its length,
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
const WORD_CHAR = /[\p{L}\p{N}]/u
// Scripts written without spaces between words: their patterns match anywhere in a run of letters.
const UNSPACED = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]+$/u
const APOSTROPHES = /[\u2019\u2018\u02bc\u02b9\u0060\u00b4\uff07]/g

const ASCII_WORD = Uint8Array.from({ length: 128 }, (_, cp) => (WORD_CHAR.test(String.fromCharCode(cp)) ? 1 : 0))

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
  const parts: string[] = []
  const origin: number[] = []
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!
    const width = cp > 0xffff ? 2 : 1
    const folded = foldCodePoint(cp)
    parts.push(folded)
    for (let k = 0; k < folded.length; k++) origin.push(i)
    i += width
  }
  origin.push(text.length)
  return { text: parts.join(''), origin: Int32Array.from(origin) }
}

/** `text` folded for matching (what two patterns that meet the same words have in common). */
export const fold = (text: string): string => foldWithOffsets(text).text

interface Token {
  text: string
  start: number
  end: number
}

function tokens(folded: string): Token[] {
  const found: Token[] = []
  let start = -1
  for (let i = 0; i <= folded.length; ) {
    const cp = i < folded.length ? folded.codePointAt(i)! : -1
    const width = cp > 0xffff ? 2 : 1
    const isWord = cp >= 0 && (cp < 128 ? ASCII_WORD[cp] === 1 : WORD_CHAR.test(String.fromCodePoint(cp)))
    if (isWord && start < 0) start = i
    else if (!isWord && start >= 0) {
      found.push({ text: folded.slice(start, i), start, end: i })
      start = -1
    }
    i += width
  }
  return found
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** One word of a pattern: a literal, or a RegExp for a word with `*`. */
type Part = string | RegExp

function partOf(word: string): Part {
  if (!word.includes('*')) return word
  return new RegExp(`^${word.split('*').map(escapeRegExp).join('[\\p{L}\\p{N}]*')}$`, 'u')
}

const partMatches = (part: Part, token: string) => (typeof part === 'string' ? part === token : part.test(token))

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

export function compileWords<T>(patterns: readonly WordPattern<T>[]): WordMatcher<T> {
  const singles = new Map<string, T[]>()
  const wildSingles: Compiled<T>[] = []
  const phrases = new Map<string, Compiled<T>[]>()
  const wildPhrases: Compiled<T>[] = []
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
      else wildSingles.push({ parts, value })
    } else if (typeof first === 'string') phrases.set(first, [...(phrases.get(first) ?? []), { parts, value }])
    else wildPhrases.push({ parts, value })
  }
  // One test tells whether any `*` single word meets a token; only then is each one tried.
  const anyWild = wildSingles.length
    ? new RegExp(wildSingles.map((entry) => `(?:${(entry.parts[0] as RegExp).source})`).join('|'), 'u')
    : null
  const size = patterns.length

  function match(text: string): WordMatch<T>[] {
    if (size === 0 || text === '') return []
    const { text: folded, origin } = foldWithOffsets(text)
    const words = tokens(folded)
    const found: WordMatch<T>[] = []
    const add = (value: T, from: number, to: number) => found.push({ value, start: origin[from]!, end: origin[to]! })
    const phraseAt = (entry: Compiled<T>, i: number) => {
      const last = i + entry.parts.length - 1
      if (last >= words.length) return
      for (let k = 1; k < entry.parts.length; k++) if (!partMatches(entry.parts[k]!, words[i + k]!.text)) return
      add(entry.value, words[i]!.start, words[last]!.end)
    }
    for (let i = 0; i < words.length; i++) {
      const word = words[i]!
      for (const value of singles.get(word.text) ?? []) add(value, word.start, word.end)
      if (anyWild?.test(word.text)) {
        for (const entry of wildSingles) if ((entry.parts[0] as RegExp).test(word.text)) add(entry.value, word.start, word.end)
      }
      for (const entry of phrases.get(word.text) ?? []) phraseAt(entry, i)
      for (const entry of wildPhrases) if (partMatches(entry.parts[0]!, word.text)) phraseAt(entry, i)
    }
    for (const { text: needle, value } of unspaced) {
      for (let at = folded.indexOf(needle); at >= 0; at = folded.indexOf(needle, at + needle.length)) {
        add(value, at, at + needle.length)
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
