// An ESLint rule with a fix for what prettier leaves long: comments. A line of a comment past
// `max` columns gives its last words to the next line of the same paragraph (or to a new line),
// so a fix touches only the lines that were too long and the ones after them in the paragraph;
// a one-line JSDoc comment becomes a block. Aligned text (two spaces inside) and a comment after
// code are only reported: those need a person.

/** Whether a comment line's text is its paragraph's continuation (not a list item, table or blank). */
const continues = (text) => text.trim() !== '' && !/^\s*([-*•]|\d+[.)])\s/.test(text) && !/\S {2,}\S/.test(text)

/**
 * Lines of `prefix + text` at most `max` wide: each too long line's last words move to the start of
 * the next one when it continues the paragraph, else to a line of their own. Undefined: no fix.
 */
function rewrap(prefix, texts, max) {
  const out = [...texts]
  let changed = false
  for (let i = 0; i < out.length; i++) {
    if (prefix.length + out[i].length <= max) continue
    if (/\S {2,}\S/.test(out[i])) return undefined
    const room = max - prefix.length
    let cut = out[i].lastIndexOf(' ', room)
    if (cut <= 0) {
      // One word longer than the line (a path, a URL): break after it, if anything follows.
      cut = out[i].indexOf(' ', room)
      if (cut < 0) continue
    }
    const head = out[i].slice(0, cut).trimEnd()
    const tail = out[i].slice(cut + 1).trim()
    if (head === '' || tail === '') continue
    out[i] = head
    if (i + 1 < out.length && continues(out[i + 1])) out[i + 1] = `${tail} ${out[i + 1].trimStart()}`
    else out.splice(i + 1, 0, tail)
    changed = true
  }
  return changed ? out : undefined
}

/** Words of `text` in lines of at most `room` characters (a longer word keeps a line of its own). */
function wrapWords(text, room) {
  const lines = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== '' && line.length + 1 + word.length > room) {
      lines.push(line)
      line = word
    } else line = line === '' ? word : `${line} ${word}`
  }
  if (line !== '') lines.push(line)
  return lines
}

export const commentWidth = {
  meta: {
    type: 'layout',
    fixable: 'whitespace',
    schema: [{ type: 'object', properties: { max: { type: 'integer' } }, additionalProperties: false }],
    messages: {
      long: 'Comment line longer than {{max}} columns.',
      manual: 'Comment line longer than {{max}} columns: rewrap it by hand (aligned text or after code).',
    },
  },
  create(context) {
    const max = context.options[0]?.max ?? 120
    const source = context.sourceCode
    const lines = source.lines
    const ownLine = (comment) =>
      lines[comment.loc.start.line - 1].slice(0, comment.loc.start.column).trim() === '' &&
      lines[comment.loc.end.line - 1].slice(comment.loc.end.column).trim() === ''
    const tooLong = (line) => line.length > max

    const reportManual = (line) => context.report({ loc: { line, column: max }, messageId: 'manual', data: { max } })

    function lineComments(group) {
      const first = group[0]
      const indent = lines[first.loc.start.line - 1].slice(0, first.loc.start.column)
      if (!group.some((c) => tooLong(lines[c.loc.start.line - 1]))) return
      // `//` and the spaces after it make the prefix; each line keeps the group's first prefix.
      const pad = /^\s*/.exec(first.value)[0]
      if (!group.every((c) => c.value.startsWith(pad) || c.value.trim() === '')) {
        for (const c of group) if (tooLong(lines[c.loc.start.line - 1])) reportManual(c.loc.start.line)
        return
      }
      const prefix = `${indent}//${pad}`
      const texts = group.map((c) => c.value.slice(pad.length).trimEnd())
      const wrapped = rewrap(prefix, texts, max)
      if (!wrapped) {
        for (const c of group) if (tooLong(lines[c.loc.start.line - 1])) reportManual(c.loc.start.line)
        return
      }
      const text = wrapped.map((t, i) => (i === 0 ? '' : indent) + `//${pad}${t}`.trimEnd()).join('\n')
      context.report({
        loc: { start: first.loc.start, end: group.at(-1).loc.end },
        messageId: 'long',
        data: { max },
        fix: (fixer) => fixer.replaceTextRange([first.range[0], group.at(-1).range[1]], text),
      })
    }

    function blockComment(comment) {
      const startLine = comment.loc.start.line
      const endLine = comment.loc.end.line
      const span = lines.slice(startLine - 1, endLine)
      if (!span.some(tooLong)) return
      const indent = lines[startLine - 1].slice(0, comment.loc.start.column)
      if (startLine === endLine) {
        if (!comment.value.startsWith('*')) return reportManual(startLine)
        const body = wrapWords(comment.value.slice(1).trim(), max - indent.length - 3)
        const text = ['/**', ...body.map((t) => `${indent} * ${t}`), `${indent} */`].join('\n')
        return context.report({
          loc: comment.loc,
          messageId: 'long',
          data: { max },
          fix: (fixer) => fixer.replaceText(comment, text),
        })
      }
      // A JSDoc block: its middle lines are `indent * text`.
      const middle = span.slice(1, -1)
      const star = `${indent} * `
      const lastIsClose = span.at(-1).trim() === '*/'
      if (!lastIsClose || tooLong(span[0]) || !middle.every((l) => l.startsWith(star) || l.trim() === '*')) {
        for (let i = 0; i < span.length; i++) if (tooLong(span[i])) reportManual(startLine + i)
        return
      }
      const wrapped = rewrap(
        star,
        middle.map((l) => l.slice(star.length)),
        max,
      )
      if (!wrapped) {
        for (let i = 0; i < span.length; i++) if (tooLong(span[i])) reportManual(startLine + i)
        return
      }
      const text = [span[0].slice(indent.length), ...wrapped.map((t) => `${star}${t}`.trimEnd()), span.at(-1)].join(
        '\n',
      )
      context.report({
        loc: comment.loc,
        messageId: 'long',
        data: { max },
        fix: (fixer) => fixer.replaceText(comment, text),
      })
    }

    return {
      Program() {
        const comments = source.getAllComments()
        let group = []
        const flush = () => {
          if (group.length) lineComments(group)
          group = []
        }
        for (const comment of comments) {
          if (!ownLine(comment)) {
            flush()
            if (tooLong(lines[comment.loc.end.line - 1])) reportManual(comment.loc.end.line)
            continue
          }
          if (comment.type === 'Line') {
            const previous = group.at(-1)
            const adjacent =
              previous &&
              previous.loc.start.line + 1 === comment.loc.start.line &&
              previous.loc.start.column === comment.loc.start.column
            if (!adjacent) flush()
            group.push(comment)
          } else {
            flush()
            blockComment(comment)
          }
        }
        flush()
      },
    }
  },
}
