// The panel in six languages: every text of ours has all six, none empty, with the same `{{placeholders}}`; plural
// texts choose their form by the language's rules; Payload's own translations of the six are configured; and no
// view of src/admin writes English of its own in JSX (text or a shown attribute) instead of a translated text.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from '@jest/globals'
import ts from 'typescript'

import { collections } from '../../collections/index'
import { EDITORS_COLLECTIONS } from '../../collections/navigation'
import { PANEL_I18N, PANEL_LANGUAGES, panelText, textsOf } from '../../src/admin/i18n/index'
import { TEXTS } from '../../src/admin/i18n/texts'

const ADMIN = fileURLToPath(new URL('../../src/admin', import.meta.url))
const labelled = { en: 'Kind', fr: 'Genre', de: 'Art', es: 'Tipo', it: 'Tipo', nl: 'Soort' }
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort()

describe('the texts', () => {
  it('every English key is present and non-empty in the five other languages, with the same placeholders', () => {
    const english = textsOf('en')
    const problems: string[] = []
    for (const language of PANEL_LANGUAGES) {
      const texts = textsOf(language)
      for (const [key, source] of Object.entries(english)) {
        const text = texts[key as keyof typeof texts]
        if (typeof text !== 'string' || text.trim() === '') problems.push(`${language}: ${key} missing`)
        else if (placeholders(text).join() !== placeholders(source).join())
          problems.push(`${language}: ${key} has {{${placeholders(text).join(', ')}}}`)
      }
    }
    expect(problems).toEqual([])
    for (const forms of Object.values(TEXTS)) expect(forms).toHaveLength(PANEL_LANGUAGES.length)
  })

  it('a plural text has both its forms, and the form follows the language', () => {
    const plurals = Object.keys(TEXTS).filter((key) => key.includes('#'))
    for (const key of plurals) {
      const base = key.slice(0, key.indexOf('#'))
      expect(Object.keys(TEXTS)).toEqual(expect.arrayContaining([`${base}#one`, `${base}#other`]))
    }
    expect(panelText('en').plural('transparency.decisionCount', 1)).toBe('1 decision')
    expect(panelText('en').plural('transparency.decisionCount', 1234)).toBe('1,234 decisions')
    // French counts 0 and 1 alike ("0 décision"), English does not.
    expect(panelText('fr').plural('transparency.decisionCount', 0)).toBe('0 décision')
    expect(panelText('en').plural('transparency.decisionCount', 0)).toBe('0 decisions')
    expect(panelText('de').plural('transparency.hours', 1.5, {}, 1)).toBe('1,5 Stunden')
    expect(panelText('xx').t('nav.coverage')).toBe('Translation coverage')
  })

  it("Payload's admin i18n has the six languages, ours under community:", () => {
    expect(Object.keys(PANEL_I18N.supportedLanguages).sort()).toEqual([...PANEL_LANGUAGES].sort())
    for (const language of PANEL_LANGUAGES) {
      expect(PANEL_I18N.supportedLanguages[language].translations.general).toBeDefined()
      expect(PANEL_I18N.translations[language].community['nav.coverage']).toBe(
        TEXTS['nav.coverage'][PANEL_LANGUAGES.indexOf(language)],
      )
    }
  })
})

/** Every label, description, row name and option label an editor sees in `fields` that lacks one of the languages. */
function untranslated(fields: readonly Record<string, unknown>[], where: string): string[] {
  const problems: string[] = []
  const check = (value: unknown, what: string) => {
    const missing =
      value && typeof value === 'object'
        ? PANEL_LANGUAGES.filter((language) => !String((value as Record<string, unknown>)[language] ?? '').trim())
        : PANEL_LANGUAGES
    if (missing.length) problems.push(`${what}: ${missing.join(', ')}`)
  }
  for (const field of fields) {
    const admin = (field.admin ?? {}) as { hidden?: boolean; disabled?: boolean; description?: unknown }
    if (field.type === 'tabs') {
      for (const tab of field.tabs as Array<{ fields: Record<string, unknown>[] }>)
        problems.push(...untranslated(tab.fields, where))
      continue
    }
    const name = typeof field.name === 'string' ? field.name : undefined
    if (!name && Array.isArray(field.fields)) {
      problems.push(...untranslated(field.fields as Record<string, unknown>[], where))
      continue
    }
    // What no editor sees: hidden fields, Payload's `_status`, and our own views (they read texts.ts).
    if (!name || admin.hidden || admin.disabled || field.type === 'ui' || name.startsWith('_')) continue
    const at = `${where}.${name}`
    check(field.label, `${at} label`)
    if (admin.description !== undefined) check(admin.description, `${at} description`)
    const labels = field.labels as { singular?: unknown; plural?: unknown } | undefined
    if (labels) (['singular', 'plural'] as const).forEach((form) => check(labels[form], `${at} ${form}`))
    for (const option of (field.options ?? []) as unknown[])
      check(
        typeof option === 'object' ? (option as { label?: unknown }).label : option,
        `${at} option ${String(typeof option === 'object' ? (option as { value?: unknown }).value : option)}`,
      )
    if (Array.isArray(field.fields)) problems.push(...untranslated(field.fields as Record<string, unknown>[], at))
  }
  return problems
}

describe('the editors’ collections', () => {
  it('label every field, description, row and option they show in the six languages', () => {
    const shown = collections.filter((collection) => EDITORS_COLLECTIONS.includes(collection.slug))
    expect(shown.map((collection) => collection.slug).sort()).toEqual([...EDITORS_COLLECTIONS].sort())
    const problems = shown.flatMap((collection) =>
      untranslated(collection.fields as unknown as Record<string, unknown>[], collection.slug),
    )
    expect(problems).toEqual([])
  })

  it('the check finds a label, a description and an option that lack a language', () => {
    const fields = [
      { name: 'price', type: 'text', label: { en: 'Price', fr: 'Prix' } },
      {
        name: 'note',
        type: 'text',
        label: { en: 'Note', fr: 'Note', de: 'Notiz', es: 'Nota', it: 'Nota', nl: 'Notitie' },
        admin: { description: 'English only' },
      },
      { type: 'row', fields: [{ name: 'kind', type: 'select', label: labelled, options: ['one'] }] },
      { name: 'hidden', type: 'text', admin: { hidden: true } },
    ]
    expect(untranslated(fields, 'x')).toEqual([
      'x.price label: de, es, it, nl',
      'x.note description: en, fr, de, es, it, nl',
      'x.kind option one: en, fr, de, es, it, nl',
    ])
  })
})

// Attributes a reader sees; anything else (test ids, class names, paths, styles) is code.
const SHOWN = new Set(['label', 'title', 'placeholder', 'aria-label', 'alt', 'done', 'any'])

/** English words written straight into JSX in `file`: text between tags and string attributes a reader sees. */
function literalEnglish(file: string, text = readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const found: string[] = []
  // Format examples (a URL, a time pattern) read the same in every language.
  const words = (text: string) => /[A-Za-z]{2,}/.test(text) && !/^(https?:\/\/\S+|HH:MM)$/.test(text.trim())
  const inStyle = (node: ts.Node) =>
    ts.isJsxElement(node.parent) && node.parent.openingElement.tagName.getText() === 'style'
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && words(node.getText())) found.push(node.getText().trim())
    if (ts.isJsxAttribute(node) && SHOWN.has(node.name.getText()) && node.initializer) {
      const value = node.initializer
      const literal = ts.isStringLiteral(value)
        ? value
        : ts.isJsxExpression(value) && value.expression && ts.isStringLiteralLike(value.expression)
          ? value.expression
          : undefined
      if (literal && words(literal.text)) found.push(`${node.name.getText()}="${literal.text}"`)
    }
    if (ts.isJsxExpression(node) && node.expression && ts.isStringLiteralLike(node.expression)) {
      if (words(node.expression.text) && ts.isJsxElement(node.parent) && !inStyle(node))
        found.push(node.expression.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('the views', () => {
  const files = readdirSync(ADMIN).filter((name) => name.endsWith('.tsx'))

  it('write no English of their own in JSX', () => {
    expect(files.length).toBeGreaterThan(15)
    const found = files.flatMap((name) => literalEnglish(path.join(ADMIN, name)).map((text) => `${name}: ${text}`))
    expect(found).toEqual([])
  })

  it('the scanner finds English text, a shown attribute and a string in braces, not translated texts', () => {
    const sample = `const a = <p title="Open it" data-testid="x-y">Hello there <b>{'Bold words'}</b> {t('x')} {' '}
      <style>{'.a td { padding: 0 }'}</style><input placeholder="HH:MM" /></p>`
    expect(literalEnglish('sample.tsx', sample).sort()).toEqual(['Bold words', 'Hello there', 'title="Open it"'])
  })
})
