// SVG is sanitized, not refused (docs/decisions.md "SVG is sanitized, not refused"): DOMPurify over jsdom
// with two hooks for external URLs and style sheets, loaded with the first SVG (docs/decisions.md "jsdom and
// DOMPurify load with the first SVG").
import type createDOMPurifyType from 'dompurify'
import type { JSDOM as JsdomType } from 'jsdom'

const SVG_NS = 'http://www.w3.org/2000/svg'
const XLINK_NS = 'http://www.w3.org/1999/xlink'
const URL_ATTRIBUTES = new Set(['href', 'xlink:href', 'src'])
const SAFE_REFERENCE = /^(#|data:image\/(png|jpeg|gif|webp);base64,)/i

interface Tools {
  JSDOM: typeof JsdomType
  purifier: ReturnType<typeof createDOMPurifyType>
}

let tools: Promise<Tools> | undefined

/** Every `url(…)` in a CSS text points inside the document. */
function cssIsLocal(css: string): boolean {
  if (/@import/i.test(css)) return false
  const targets = [...css.matchAll(/url\(\s*(['"]?)(.*?)\1\s*\)/gi)].map((match) => match[2] ?? '')
  return targets.every((target) => target.trim().startsWith('#'))
}

function loadTools(): Promise<Tools> {
  tools ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')])
    const purifier = createDOMPurify(new JSDOM('').window)
    purifier.addHook('uponSanitizeAttribute', (_node, data) => {
      const name = data.attrName.toLowerCase()
      const value = data.attrValue.trim()
      if (URL_ATTRIBUTES.has(name) && !SAFE_REFERENCE.test(value)) data.keepAttr = false
      if (/url\s*\(/i.test(value) && !cssIsLocal(value)) data.keepAttr = false
    })
    purifier.addHook('uponSanitizeElement', (node, data) => {
      if (data.tagName === 'style' && !cssIsLocal(node.textContent ?? '')) node.parentNode?.removeChild(node)
    })
    return { JSDOM, purifier }
  })()
  // A failed import is tried again by the next SVG rather than kept.
  tools.catch(() => (tools = undefined))
  return tools
}

/** Well-formed XML whose root is an SVG element (not HTML with an <svg> somewhere inside). */
function isSvgDocument(JSDOM: typeof JsdomType, text: string): boolean {
  try {
    const root = new JSDOM(text, { contentType: 'image/svg+xml' }).window.document.documentElement
    return root.namespaceURI === SVG_NS && root.localName === 'svg'
  } catch {
    return false
  }
}

/**
 * The sanitized SVG document, or null when the bytes are not an SVG image (not UTF-8 text,
 * not well-formed XML with an <svg> root, or no <svg> root once cleaned). Entity declarations are refused outright
 * (null): they are how XML bombs and external-entity reads start, and no icon needs them.
 */
export async function sanitizeSvg(bytes: Buffer): Promise<Buffer | null> {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return null
  }
  if (!/<svg[\s>]/i.test(text) || /<!ENTITY/i.test(text)) return null
  const { JSDOM, purifier } = await loadTools()
  if (!isSvgDocument(JSDOM, text)) return null
  let clean = purifier
    .sanitize(text, {
      USE_PROFILES: { svg: true, svgFilters: true },
      FORBID_TAGS: ['foreignObject', 'script', 'iframe', 'embed', 'object'],
      ALLOW_DATA_ATTR: false,
    })
    .trim()
  if (!/^<svg[\s>]/i.test(clean)) return null
  // DOMPurify serializes an HTML tree: a standalone .svg needs its namespaces declared.
  const rootTag = clean.slice(0, clean.indexOf('>') + 1)
  if (!rootTag.includes(`xmlns="${SVG_NS}"`)) clean = clean.replace(/^<svg/i, `<svg xmlns="${SVG_NS}"`)
  if (clean.includes('xlink:') && !rootTag.includes('xmlns:xlink='))
    clean = clean.replace(/^<svg/i, `<svg xmlns:xlink="${XLINK_NS}"`)
  return Buffer.from(clean, 'utf8')
}

const lengthOf = (rootTag: string, name: string): number => {
  const value = rootTag.match(new RegExp(`\\s${name}\\s*=\\s*["']\\s*([^"'\\s]+)`, 'i'))?.[1]
  return value && !value.endsWith('%') ? Number.parseFloat(value) : Number.NaN
}

/**
 * Whether the root <svg> gives its size: width and height as lengths (not percentages), or a
 * viewBox of four numbers with a positive width and height. An SVG without one has no size
 * to store (`width`/`height` of the media) and Payload's upload measures SVGs this way, so
 * such a file is refused with a clear message rather than failing inside Payload.
 */
export function svgHasSize(svg: Buffer): boolean {
  const text = svg.toString('utf8')
  const rootTag = text.slice(0, text.indexOf('>') + 1)
  if (lengthOf(rootTag, 'width') > 0 && lengthOf(rootTag, 'height') > 0) return true
  const box =
    rootTag
      .match(/\sviewBox\s*=\s*["']([^"']*)["']/i)?.[1]
      ?.trim()
      .split(/[\s,]+/)
      .map(Number) ?? []
  return box.length === 4 && box.every(Number.isFinite) && box[2]! > 0 && box[3]! > 0
}
