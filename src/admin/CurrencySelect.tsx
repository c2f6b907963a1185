'use client'
// The currency (stored as text, docs/decisions.md) chosen from the ISO 4217 codes the API
// accepts (src/lib/money.ts), each with its number of decimals. The check on save is the
// field's `validate`, the same rule as the admin API.
import { SelectField } from '@payloadcms/ui'
import type { TextFieldClientComponent } from 'payload'

import { CURRENCY_CODES, minorDigits } from '../lib/money'
import { usePanelText } from './i18n/usePanelText'

export const CurrencySelect: TextFieldClientComponent = (props) => {
  const { validate: _textRule, ...rest } = props
  const text = usePanelText()
  const OPTIONS = CURRENCY_CODES.map((code) => ({
    value: code,
    label: text.plural('currency.option', minorDigits(code), { code }),
  }))
  return (
    <SelectField {...rest} field={{ ...props.field, options: OPTIONS, hasMany: false, isClearable: false } as never} />
  )
}
