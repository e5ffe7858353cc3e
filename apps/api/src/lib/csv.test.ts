import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { csvCell, csvText, unescapeCsvCell } from './csv'

const dangerous = ['=HYPERLINK("http://x","y")', '+cmd|\' /C calc\'!A0', '-2+3', '@SUM(A1:A2)', '\t=1', '\r=1', '=', '-', '+233244123456']

describe('csv', () => {
  it('puts a single quote before a cell a spreadsheet would run as a formula', () => {
    expect(csvCell('=1+2')).toBe("'=1+2")
    expect(csvCell('+cmd')).toBe("'+cmd")
    expect(csvCell('-2')).toBe("'-2")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('\tx')).toBe("'\tx")
    expect(csvCell('\r=1')).toBe(`"'\r=1"`)
    expect(csvCell(-5)).toBe("'-5")
    // Quotes already before a formula character get one more, so reading back is exact.
    expect(csvCell("'=1")).toBe("''=1")
    for (const text of dangerous) expect(csvCell(text).replace(/^"/, ''), text).toMatch(/^'/)
  })

  it('leaves other cells as they are, the character only counting at the start', () => {
    for (const text of ['Kente shirt', "'Tis the season", "Rock 'n' roll", 'a=b', 'size -1', '', '120', '99.50', 'x@y.com']) {
      expect(csvCell(text)).toBe(text)
    }
    expect(csvCell(7)).toBe('7')
  })

  it('quotes a cell holding a quote, comma or line break (RFC 4180) and ends every record with CRLF', () => {
    expect(csvCell('Adjoa "AJ" Mensah, Jr')).toBe('"Adjoa ""AJ"" Mensah, Jr"')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvText([['a', 'b,c'], [1, '=2']])).toBe(`a,"b,c"\r\n1,'=2\r\n`)
    expect(csvText([])).toBe('')
  })

  it('reads back exactly what was written, through a CSV parser', () => {
    const cells = [...dangerous, "'=1", "''-2", "'Tis", "'", "''", 'plain', 'two\r\nlines, "quoted"', '  padded  ']
    const [row] = parse(csvText([cells]), { relax_quotes: false })
    expect(row!.map(unescapeCsvCell)).toEqual(cells)
  })

  it('takes away only the escape quote: one before a formula character', () => {
    expect(unescapeCsvCell("'=1")).toBe('=1')
    expect(unescapeCsvCell("''@x")).toBe("'@x")
    expect(unescapeCsvCell("'Tis")).toBe("'Tis")
    expect(unescapeCsvCell("'")).toBe("'")
    expect(unescapeCsvCell('=1')).toBe('=1')
  })
})
