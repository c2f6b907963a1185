'use client'
// A language code field (stored as text) offered as a list of the configured locales, so
// `fre` cannot be typed. The check on save is still the field's `validate` (the same rule
// as the admin API: src/operations/catalogue/rules/languages.ts).
import { SelectField, useConfig } from '@payloadcms/ui'
import type { TextFieldClientComponent } from 'payload'

export const LanguageSelect: TextFieldClientComponent = (props) => {
  const { config } = useConfig()
  const locales = config.localization ? config.localization.locales : []
  const options = locales.map((locale) => {
    const label = typeof locale.label === 'string' ? locale.label : locale.code
    return { value: locale.code, label: label === locale.code ? locale.code : `${locale.code} — ${label}` }
  })
  const { validate: _textRule, ...rest } = props
  return <SelectField {...rest} field={{ ...props.field, options, hasMany: false } as never} />
}
